import { Agent, createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
import { openStore } from '@/server/store/open-store';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { freePort } from '@/testing/free-port';
import { answerHeaders, forwardedHeaders, listenOnLoopback, readBody } from '@/testing/forwarding-proxy';
import {
  freshDatabase,
  postJson,
  SIM_TOKEN,
  startGateway,
  startSimulator,
  type Proc,
} from '@/testing/team-processes';

/**
 * A deploy or `docker stop` sends SIGTERM and kills what is still running 10–30 s later (issue 46 item 13): a
 * gateway with a move's upload in hand must still stop by itself, with code 0, within its bound (docs/team.md).
 * The upload is held by GitHub-owned storage (a proxy that never answers a part), as a multi-minute part is.
 */
let work: string;
let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
let gateway: Proc | undefined;
let storage: Server | undefined;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
/** Part uploads the storage proxy holds (never answered). */
let heldParts = 0;

/** GitHub-owned storage in front of the simulator's: every part (`PATCH`) is held, everything else forwarded. */
function startStorageProxy(origin: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      if (request.method === 'PATCH') {
        heldParts += 1;
        return;
      }
      const headers = forwardedHeaders(request);
      const answer = await fetch(`${origin}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      const out = answerHeaders(answer);
      response.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  return listenOnLoopback(server);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ferry-shutdown-'));
  const targetPort = await freePort();
  // cli-tools (9,800 KB at 2 KiB per KB, ~20 MB) goes up in parts of 5 MiB.
  sim = await startSimulator({
    speed: 100,
    scenario: 'quiet',
    env: { SIM_TARGET_PORT: String(targetPort), SIM_ARCHIVE_BYTES_PER_KB: '2048' },
  });
  const proxy = await startStorageProxy(`http://127.0.0.1:${targetPort}`);
  storage = proxy.server;
  // A team's PostgreSQL when the run has one (the PostgreSQL pass), else the embedded store.
  if (process.env.DATABASE_URL) database = await freshDatabase(`ferry_shutdown_${process.pid}`);
  gateway = await startGateway({
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: path.join(work, 'data'),
    ARCHIVE_DIR: path.join(work, 'archives'),
    GITHUB_API_URL: `${sim.url}/api/v3`,
    GITHUB_STORAGE_ORIGINS: sim.storageOrigin,
    GITHUB_TOKEN: SIM_TOKEN,
    TARGET_GITHUB_API_URL: `http://127.0.0.1:${targetPort}`,
    TARGET_GITHUB_UPLOADS_URL: `${proxy.url}/uploads`,
    TARGET_GITHUB_TOKEN: TARGET_TOKENS.octocat,
    GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES: '5',
    // A part may take minutes to go up: no outbound bound ends the held one while the test runs.
    UPSTREAM_TIMEOUT_MS: '600000',
    WAVE_CHECK_MAX_MS: '1000',
  });
}, 180_000);

afterAll(async () => {
  for (const proc of [gateway, sim]) proc?.child.kill('SIGKILL');
  storage?.closeAllConnections();
  storage?.close();
  await database?.drop().catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET through `agent` (as a browser reuses its connection): whether it was answered. */
function ask(agent: Agent, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(true));
      response.on('error', () => resolve(false));
    }).on('error', () => resolve(false));
  });
}

describe('SIGTERM to a gateway with a move’s upload in hand', () => {
  it('stops taking jobs, gives the upload back and exits with code 0', { timeout: 300_000 }, async () => {
    const proc = gateway!;
    const created = await postJson(`${proc.url}/api/moves`, {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: TARGET_ORG },
      filters: { namePattern: 'cli-tools' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const move = (await created.json()) as Move;

    // The export runs, the archive is downloaded, its upload starts: a part is in storage's hands.
    const deadline = Date.now() + 180_000;
    while (heldParts === 0) {
      if (Date.now() > deadline) throw new Error(`no part was sent: ${proc.output()}`);
      await sleep(100);
    }
    // A browser tab on the move's page: its requests on one kept-alive connection, one of them slow (GitHub takes
    // 5 s to answer) when the signal comes, the page's polls going on after it.
    const fault = await postJson(`${sim!.url}/__sim/faults`, {
      kind: 'latency',
      upstream: 'github',
      method: 'GET',
      path: 'user',
      latencyMs: 5_000,
    });
    expect(fault.status).toBe(201);
    const tab = new Agent({ keepAlive: true, maxSockets: 1 });
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    const slow = ask(tab, `${proc.url}/api/github/user`);
    void slow.then(async () => {
      while (running && (await ask(tab, `${proc.url}/api/moves/${move.id}`))) await sleep(200);
    });
    await sleep(1_500);

    proc.child.kill('SIGTERM');
    // Generous (a busy CI machine): this only catches the hang; the bound is the gateway's own (docs/team.md).
    const code = await Promise.race([exited, sleep(60_000).then(() => 'still running' as const)]);
    running = false;
    tab.destroy();
    expect(code, proc.output()).toBe(0);

    // The upload was given back to the team (due again, not left active), and the store closed cleanly (the
    // embedded one's lock released: it opens again).
    const store = await openStore(
      database ? { databaseUrl: database.url } : { dataDir: path.join(work, 'data'), lock: { role: 'test' } },
    );
    try {
      const { rows } = await store.executeSql(`SELECT state FROM pgboss.job WHERE name = 'move-upload'`);
      const states = (rows as { state: string }[]).map((row) => row.state);
      // (A second job sent for the same archive stood aside: completed.)
      expect(states).toContain('retry');
      expect(states).not.toContain('active');
    } finally {
      await store.close();
    }
  });
});
