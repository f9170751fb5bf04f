import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/free-port';
import { ferryGatewayPlugin, type FerryGatewayApi } from '../vite-plugin';
import { openGateway, type OpenedGateway } from './open-gateway';

/**
 * `npm run dev` is the real gateway: Vite's dev server with Ferry's plugin (as vite.config.ts adds it) serves the
 * routes `npm start` serves, from the same composition root, store, archive folder and background work. Before,
 * the dev plugin assembled its own gateway without an archive folder: waves and alerts answered 503 and the alert
 * checks never ran.
 */
const src = fileURLToPath(new URL('../..', import.meta.url));
const ENV_KEYS = ['DATA_DIR', 'ARCHIVE_DIR', 'DATABASE_URL', 'GITHUB_TOKEN', 'PORKBUN_API_KEY'] as const;
let work: string;
let server: ViteDevServer | undefined;
let api: FerryGatewayApi;
let port: number;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ferry-dev-server-'));
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.DATA_DIR = path.join(work, 'dev');
  port = await freePort();
  const plugin = ferryGatewayPlugin({ underVitest: true });
  api = plugin.api as FerryGatewayApi;
  server = await createServer({
    configFile: false,
    root: path.dirname(src),
    logLevel: 'silent',
    plugins: [plugin],
    resolve: { alias: [{ find: '@', replacement: src }] },
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await (await api?.opened)?.close();
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await rm(work, { recursive: true, force: true });
});

/** The gateway's own routes (the SPA's are Vite's in dev). */
const gatewayRoutes = (routes: string[]) =>
  routes.filter((route) => / \/(?:api|__sim|metrics)(?:\/|$)/.test(route)).sort();

describe('npm run dev', () => {
  it('answers the waves and alerts routes from the store, as npm start does', async () => {
    for (const route of ['/api/waves', '/api/moves', '/api/alerts', '/api/health', '/metrics']) {
      const response = await fetch(`http://127.0.0.1:${port}${route}`);
      expect(response.status, route).toBe(200);
    }
    const waves = (await (await fetch(`http://127.0.0.1:${port}/api/waves`)).json()) as unknown;
    expect(waves).toEqual([]);
  }, 60_000);

  it('starts the background work: audit retention, memory tasks, alerts with their scheduled checks, waves, moves', async () => {
    expect(await api.started).toEqual(['audit', 'auth', 'ferry memory', 'alerts', 'waves', 'moves']);
    const opened = await api.opened!;
    const store = opened.gateway.services.store!;
    const { rows } = await store.executeSql('SELECT name FROM pgboss.schedule ORDER BY name');
    expect((rows as { name: string }[]).map((row) => row.name)).toEqual(
      expect.arrayContaining(['alert-checks', 'memory-sample', 'memory-compact']),
    );
  }, 60_000);

  it('serves the same gateway routes as npm start', async () => {
    const dev = (await api.opened!).gateway.routes();
    let start: OpenedGateway | undefined;
    try {
      start = await openGateway(
        { DATA_DIR: path.join(work, 'start') },
        { port: await freePort(), staticRoot: path.join(work, 'no-build') },
      );
      const served = start.gateway.routes();
      expect(gatewayRoutes(dev)).toEqual(gatewayRoutes(served));
      expect(gatewayRoutes(dev).length).toBeGreaterThan(20);
      // npm start also serves the built dashboard; the dev server leaves that to Vite.
      expect(served.length).toBeGreaterThan(dev.length);
    } finally {
      await start?.close();
    }
  }, 60_000);
});
