import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG } from '@/simulator/target/seed';

/**
 * A target that answers the status query with a `migrationLogUrl` on another port of this machine: the move
 * runs to its end and that port hears nothing. The target is the embedded simulator behind a fetch that rewrites
 * the log URL and sends anything else to the network, as the gateway's live fetch would.
 */
let dir: string;
let test: TestStore;
let gateway: Gateway;
let elsewhere: Server;
const hits: string[] = [];
const ORIGIN = 'http://localhost:5180';

beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.end('not a log');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const { port } = elsewhere.address() as AddressInfo;
  const handedBack = `http://127.0.0.1:${port}/octoshiftmigrationlogs/hello-world.txt?X-Amz-Signature=secret`;
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-log-elsewhere-'));
  test = await openTestStore();
  gateway = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet', WAVE_CHECK_MAX_MS: '200' }), {
    store: test.store,
    archiveDir: dir,
    watch: false,
    controlAccess: 'any',
    moves: { pollMs: { min: 50, max: 200 }, exportLookMs: 50 },
    upstreams: {
      target: async (request) => {
        if (!request.url.startsWith(TARGET_SIMULATOR_ORIGIN)) return fetch(request);
        const answer = await (gateway.simulator?.fetch(request) ?? Promise.reject(new Error('no simulator')));
        if (!request.url.endsWith('/graphql')) return answer;
        const text = (await answer.text()).replace(
          /"migrationLogUrl":"[^"]+"/g,
          `"migrationLogUrl":${JSON.stringify(handedBack)}`,
        );
        return new Response(text, { status: answer.status, headers: answer.headers });
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await gateway.stop();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
  elsewhere.closeAllConnections();
  await new Promise((resolve) => elsewhere.close(resolve));
});

function call(pathname: string, init: { method?: string; body?: unknown } = {}) {
  return gateway.app.request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('a migration log URL the target hands back', () => {
  it('on another port of this machine is never fetched: the log fails for good, the move completes', async () => {
    const created = await call('/api/moves', {
      method: 'POST',
      body: {
        source: { kind: 'org', login: 'octo-org' },
        target: { login: TARGET_ORG },
        filters: { namePattern: 'hello-world' },
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Move;
    const deadline = Date.now() + 45_000;
    let move: Move;
    for (;;) {
      move = (await (await call(`/api/moves/${id}`)).json()) as Move;
      if (move.state !== 'running' && move.state !== 'paused') break;
      if (Date.now() > deadline)
        throw new Error(`move ${id} did not end: ${JSON.stringify(move.repositories)}`);
      gateway.simulator?.advance(5);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(move.state).toBe('completed');
    const [repo] = move.repositories;
    expect(repo).toMatchObject({ name: 'hello-world', step: 'done' });
    // Refused once and not asked again: a URL that cannot be fetched is not retried.
    expect(repo?.migration?.logFile).toBeUndefined();
    expect(repo?.migration?.logAttempts).toBe(5);
    expect(hits).toEqual([]);
  }, 60_000);
});
