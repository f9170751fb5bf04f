import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import {
  escapeHtml,
  paramToken,
  PRERENDERED_MANIFEST,
  type PrerenderedPage,
} from '@/contracts/prerendered-pages';

/**
 * A page drawn at build time with the request's route parameters in place of its tokens. The values come
 * from the address, so they are escaped: React wrote every attribute in double quotes, and text as text.
 */
export function fillParams(html: string, values: readonly string[]): string {
  let filled = html;
  values.forEach((value, index) => {
    filled = filled.replaceAll(paramToken(index), escapeHtml(value));
  });
  return filled;
}

function isPage(value: unknown): value is PrerenderedPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    typeof page.path === 'string' &&
    page.path.startsWith('/') &&
    typeof page.file === 'string' &&
    Array.isArray(page.params) &&
    page.params.every((param) => typeof param === 'string')
  );
}

/**
 * Serves each page the build drew (scripts/prerender-pages.ts) at its own address, compressed; the first paint
 * then shows the page instead of a loading line. Addresses no page claims keep the plain index.html. A build
 * without the drawings (an older one) serves index.html everywhere, as before.
 */
export function mountPrerenderedPages(app: Hono, root: string): number {
  const manifestPath = path.join(root, PRERENDERED_MANIFEST);
  if (!existsSync(manifestPath)) return 0;
  const listed: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!Array.isArray(listed) || !listed.every(isPage)) throw new Error(`${manifestPath}: not a page list`);
  for (const page of listed) {
    const file = path.resolve(root, page.file);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`${page.file}: outside the build`);
    const html = readFileSync(file, 'utf8');
    app.get(page.path, compress(), (c) => {
      c.header('cache-control', 'no-cache');
      return c.html(
        fillParams(
          html,
          page.params.map((name) => c.req.param(name) ?? ''),
        ),
      );
    });
  }
  return listed.length;
}
