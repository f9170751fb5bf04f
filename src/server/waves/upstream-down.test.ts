import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFerryStore, type FerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { listen, startGateway, type Listening } from '@/testing/node-servers';
import { buildWave } from '@/testing/wave-factories';

/**
 * Issue 33 item 18: the wave routes that call GitHub themselves (preview, create, a batch's unlock) answer an
 * upstream that is down, stalled or answering HTML as the forwarder does (502 UPSTREAM_UNREACHABLE, 504
 * UPSTREAM_TIMEOUT, 502 UPSTREAM_NOT_JSON), never 500 INTERNAL nor a hang.
 */
let dir: string;
let store: FerryStore;
let silent: Listening;
let html: Listening;
let closedPort: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-waves-down-'));
  store = createFerryStore(await openStore({}));
  silent = await listen(() => new Promise<Response>(() => {}));
  // A proxy's error page in front of GitHub.
  html = await listen(
    () =>
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
  );
  const released = await listen(() => new Response('bye'));
  closedPort = released.port;
  await released.close();
  await store.waves.save(
    buildWave([{ repos: ['api', 'web'], migrationId: 7, state: 'verified' }], {
      id: 'w-down',
      options: { ...buildWave().options, lockRepositories: true },
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([silent.close(), html.close()]);
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const PLAN = {
  owner: { kind: 'org', login: 'big-org' },
  filters: {},
  caps: { maxRepos: 10, concurrency: 2 },
  options: {},
};

const ROUTES = [
  { name: 'POST /api/waves/preview', path: 'waves/preview', body: PLAN },
  { name: 'POST /api/waves', path: 'waves', body: PLAN },
  { name: 'POST /api/waves/:id/batches/:batch/unlock', path: 'waves/w-down/batches/1/unlock', body: {} },
];

const UPSTREAMS = [
  {
    name: 'down',
    url: () => `http://127.0.0.1:${closedPort}/api/v3`,
    status: 502,
    code: 'UPSTREAM_UNREACHABLE',
  },
  { name: 'stalled', url: () => `${silent.origin}/api/v3`, status: 504, code: 'UPSTREAM_TIMEOUT' },
  { name: 'answering HTML', url: () => `${html.origin}/api/v3`, status: 502, code: 'UPSTREAM_NOT_JSON' },
];

describe('wave routes with GitHub failing', () => {
  for (const upstream of UPSTREAMS) {
    it(`answers ${upstream.status} ${upstream.code} on every route when GitHub is ${upstream.name}`, async () => {
      const gateway = await startGateway(
        { GITHUB_TOKEN: 'ghp_test', GITHUB_API_URL: upstream.url(), UPSTREAM_TIMEOUT_MS: '300' },
        { store, archiveDir: dir, watch: false },
      );
      try {
        for (const route of ROUTES) {
          const started = performance.now();
          const response = await fetch(`${gateway.origin}/api/${route.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
            body: JSON.stringify(route.body),
          });
          const body = (await response.json()) as { code: string; source: string };
          expect({
            route: route.name,
            status: response.status,
            code: body.code,
            source: body.source,
          }).toEqual({
            route: route.name,
            status: upstream.status,
            code: upstream.code,
            source: 'gateway',
          });
          expect(performance.now() - started).toBeLessThan(5_000);
        }
      } finally {
        await gateway.runtime.waves?.stop();
        await gateway.close();
      }
    }, 30_000);
  }
});
