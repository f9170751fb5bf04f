import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { createControlApp } from './control';
import { answerOrDrop } from './faults/drop-connection';
import { STORAGE_PREFIX } from './github/migrations/storage';
import { loopbackOnly } from './loopback-only';
import type { Simulator } from './simulator';

type App = Hono<{ Bindings: HttpBindings }>;

/**
 * The standalone simulator's servers. The API (GitHub, registrar, control interface) on one port; archive
 * storage on another, so its signed URLs are on another origin than the API, as on github.com: a client that
 * follows the archive redirect drops `Authorization` on the hop (fetch, Octokit, `curl -L`).
 */
export function createStandaloneApps(sim: Simulator): { api: App; storage: App; target: App } {
  const api: App = new Hono();
  api.use('/__sim/*', loopbackOnly);
  api.route('/__sim', createControlApp(sim));
  api.all(`${STORAGE_PREFIX}/*`, (c) => c.text('Archive storage answers on its own port.', 404));
  api.all('*', (c) => answerOrDrop(c, sim.fetch));

  const storage: App = new Hono();
  storage.all(`${STORAGE_PREFIX}/*`, (c) => answerOrDrop(c, sim.fetch));
  storage.all('*', (c) => c.text('Not found', 404));

  // The target GitHub.com (issue 35) on a third port: REST at `/`, GraphQL at `/graphql`, uploads at `/uploads`.
  const target: App = new Hono();
  target.all('*', (c) => answerOrDrop(c, sim.targetFetch));
  return { api, storage, target };
}

/** `apiOrigin`'s host name (as the client addressed it) on `port`. */
export function originOnPort(apiOrigin: string, port: number): string {
  const url = new URL(apiOrigin);
  url.port = String(port);
  return url.origin;
}
