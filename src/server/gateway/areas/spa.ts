import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { precompressedAssets } from '@/server/precompressed';
import { mountPrerenderedPages } from '@/server/prerendered-pages';
import type { Area } from '../area';

/** The built dashboard (`npm start`; in dev Vite serves it, API-only tests have none). */
export function spaArea(root: string | undefined): Area {
  return { name: 'dashboard', mount: root ? (app) => mountSpa(app, root) : undefined };
}

function mountSpa(app: Hono, root: string) {
  const indexPath = path.join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.get('*', (c) => c.text('The dashboard is not built yet: run `npm run build` (or `npm start`).', 503));
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // Build metadata (`.vite/manifest.json` lists source paths) and any other dot-file is never served.
  app.use('*', async (c, next) => {
    if (/(?:^|\/)(?:\.|%2e)/i.test(new URL(c.req.url).pathname)) return c.text('Not found', 404);
    await next();
  });
  // Brotli or gzip copies made at build time; anything else is compressed on the way out (the JavaScript is
  // ~3× smaller gzipped: the budget for the first page is counted that way).
  app.use('/assets/*', precompressedAssets(root));
  app.use('/assets/*', compress());
  // Hashed assets are cached for good. Set after the fact: serveStatic's onFound runs once its response
  // is already built, so a header set there is lost.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200 && c.res.headers.has('last-modified')) {
      c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
    }
  });
  app.use('/assets/*', serveStatic({ root }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Before the static files: `/` is a drawn page, not the plain index.html.
  mountPrerenderedPages(app, root);
  app.use('*', serveStatic({ root }));
  // Client-side routes: every other GET renders the SPA.
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
