import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFerryStore, type FerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { startGateway } from '@/testing/node-servers';

/**
 * The wave planner reads GitHub's repository lists whole. A hostile or broken upstream (a gzip bomb, an answer
 * that drips) is cut by the outbound bounds and answered as an upstream failure, never a 500 or a hang.
 */
let dir: string;
let store: FerryStore;
let upstream: Server;
/** Another port of this machine: a `Link` to it must never be followed. */
let elsewhere: Server;
const elsewhereHits: { url?: string; authorization?: string }[] = [];
let drip: ReturnType<typeof setInterval> | undefined;
// 64 MiB of JSON-ish padding inflate from ~64 KB: eight times the 1 MiB cap these gateways are given.
const BOMB = gzipSync(
  Buffer.concat([Buffer.from('['), Buffer.alloc(64 * 1024 * 1024, 0x20), Buffer.from(']')]),
);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-hostile-waves-'));
  store = createFerryStore(await openStore({}));
  elsewhere = createServer((request, response) => {
    elsewhereHits.push({ url: request.url, authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  upstream = createServer((request, response) => {
    if (request.url?.startsWith('/link/')) {
      const { port } = elsewhere.address() as AddressInfo;
      response.writeHead(200, {
        'content-type': 'application/json',
        link: `<http://127.0.0.1:${port}/orgs/big-org/repos?page=2>; rel="next"`,
      });
      response.end('[]');
      return;
    }
    if (request.url?.startsWith('/drip/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      drip = setInterval(() => response.write(' '), 50);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(BOMB);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  clearInterval(drip);
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  elsewhere.closeAllConnections();
  await new Promise((resolve) => elsewhere.close(resolve));
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function preview(prefix: string, env: Record<string, string>) {
  const { port } = upstream.address() as AddressInfo;
  const gateway = await startGateway(
    {
      GITHUB_TOKEN: 'ghp_test',
      GITHUB_API_URL: `http://127.0.0.1:${port}/${prefix}`,
      UPSTREAM_JSON_LIMIT_BYTES: String(1024 * 1024),
      ...env,
    },
    { store, archiveDir: dir, watch: false },
  );
  try {
    const response = await fetch(`${gateway.origin}/api/waves/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: JSON.stringify({
        owner: { kind: 'org', login: 'big-org' },
        filters: {},
        caps: { maxRepos: 10, concurrency: 2 },
        options: {},
      }),
    });
    return { status: response.status, body: (await response.json()) as { code: string; message: string } };
  } finally {
    await gateway.runtime.waves?.stop();
    await gateway.close();
  }
}

describe('wave previews against a hostile upstream', () => {
  it('cuts a repository list that gzip-expands past the cap: 502, not a 500', async () => {
    const { status, body } = await preview('bomb', {});
    expect(status).toBe(502);
    expect(body.code).toBe('UPSTREAM_TOO_LARGE');
  });

  it('cuts a repository list that drips for ever at the total deadline: 504', async () => {
    const { status, body } = await preview('drip', { UPSTREAM_TIMEOUT_MS: '1000', UPSTREAM_TOTAL_MS: '500' });
    expect(status).toBe(504);
    expect(body.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('never follows a next-page Link to another origin (the token would go along): 502, nothing sent there', async () => {
    const { status, body } = await preview('link', {});
    expect(status).toBe(502);
    expect(body.message).toMatch(/does not send to/);
    expect(elsewhereHits).toEqual([]);
  });
});
