import type { Hono } from 'hono';
import type { GithubEnv } from '../auth';
import { sendJson } from '../http';

/**
 * The GitHub Enterprise Server release the simulated source says it is, on every answer
 * (`X-GitHub-Enterprise-Version`) and in `GET /meta` (`installed_version`): gh-gei's first request reads it to
 * decide whether GHES can hand archives to GitHub-owned storage (≥ 3.8), Ferry to pick GEI's size limit.
 */
export const GHES_VERSION = '3.17.6';

/** `GET /meta`, GHES's form (its description's `api-overview`: no IP ranges, unlike api.github.com's). */
export function registerMetaRoutes(app: Hono<GithubEnv>) {
  app.get('/meta', (c) =>
    sendJson(c, { verifiable_password_authentication: false, installed_version: GHES_VERSION }),
  );
}
