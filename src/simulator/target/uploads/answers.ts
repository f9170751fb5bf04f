import type { Context } from 'hono';

/** Where GitHub's GEI answers point (the GitHub-owned storage steps live in this guide). */
export const GEI_DOCS =
  'https://docs.github.com/migrations/using-github-enterprise-importer/migrating-between-github-products/migrating-repositories-from-github-enterprise-server-to-github-enterprise-cloud';

export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 422;

/** GitHub's error body (`message`, `documentation_url`, the status as a string as newer answers carry it). */
export function geiError(c: Context, status: ErrorStatus, message: string): Response {
  const body = { message, documentation_url: GEI_DOCS, status: String(status) };
  return c.body(JSON.stringify(body), status, { 'content-type': 'application/json; charset=utf-8' });
}

export function geiJson(c: Context, body: unknown, status: 201): Response {
  return c.body(JSON.stringify(body), status, { 'content-type': 'application/json; charset=utf-8' });
}
