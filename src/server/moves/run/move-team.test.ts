import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
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
 * A move survives `kill -9` on a team (issue 36's "done means"): three gateway processes on one PostgreSQL
 * database and one shared ARCHIVE_DIR, live against a standalone simulator (source and target GitHub). Each
 * gateway reaches the target's GraphQL through its own recording proxy (so the test knows who sent what) and
 * GitHub-owned storage through one shared proxy that slows each part (so an upload can be caught half-way).
 * Killed: the gateway uploading an archive in parts, then the one whose look has sent a start and not yet heard
 * the answer. Asserted on the target's own state: one migration per repository, the killed upload resumed (one
 * multipart upload per archive), each repository validated once; the move completed, every source unlocked.
 * Runs in the team lane (scripts/test-all.sh, beside team.test.ts).
 */
const hasServer = Boolean(process.env.DATABASE_URL);
const REPOSITORIES = ['hello-world', 'docs', 'cli-tools'];
/**
 * Each part held this long by the storage proxy: cli-tools (~20 MB, 4 parts of 5 MiB) takes ~10 s to go up, still
 * under way when hello-world (one POST) has been imported and validated.
 */
const PART_DELAY_MS = 2_500;

interface Seen {
  gateway: string;
  method: string;
  path: string;
  body: string;
  /** Its gateway was still alive when the target's answer came back (a killed one's work is done again). */
  answeredAlive?: boolean;
}

/** A proxy in front of one of the target's origins, recording each request; `hold` may delay one. */
interface Proxy {
  url: string;
  server: Server;
}

let work: string;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
const gateways: Proc[] = [];
const proxies: Proxy[] = [];
const seen: Seen[] = [];
/** Gateways killed so far ('a', 'b', 'c'). */
const killed = new Set<string>();
/** Consulted before a request is forwarded (a delay) and before its answer goes back (withheld, for a kill). */
const hooks: {
  before?: (request: Seen) => Promise<void> | void;
  answer?: (request: Seen) => 'send' | 'drop';
} = {};

function startProxy(gateway: string, origin: string): Promise<Proxy> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const record: Seen = {
        gateway,
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        body: body.length < 64 * 1024 ? body.toString('utf8') : '',
      };
      seen.push(record);
      await hooks.before?.(record);
      const headers = forwardedHeaders(request);
      const answer = await fetch(`${origin}${record.path}`, {
        method: record.method,
        headers,
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      record.answeredAlive = !killed.has(gateway);
      if (hooks.answer?.(record) === 'drop') {
        response.destroy();
        return;
      }
      const out = answerHeaders(answer);
      response.writeHead(answer.status, out).end(bytes);
    })().catch(() => response.destroy());
  });
  return listenOnLoopback(server);
}

beforeAll(async () => {
  if (!hasServer) return;
  work = await mkdtemp(path.join(tmpdir(), 'ferry-move-team-'));
  database = await freshDatabase(`ferry_move_team_${process.pid}`);
  const targetPort = await freePort();
  sim = await startSimulator({
    speed: 100,
    scenario: 'quiet',
    // 2 KiB of archive per KB of size: docs (5,300 KB) ~11 MB and cli-tools (9,800 KB) ~20 MB go up in 5 MiB
    // parts; hello-world (108 KB) in one POST.
    env: { SIM_TARGET_PORT: String(targetPort), SIM_ARCHIVE_BYTES_PER_KB: '2048' },
  });
  const target = `http://127.0.0.1:${targetPort}`;
  const storage = await startProxy('storage', target);
  proxies.push(storage);
  const names = ['a', 'b', 'c'];
  for (const name of names) proxies.push(await startProxy(name, target));
  gateways.push(
    ...(await Promise.all(
      names.map((name, index) =>
        startGateway({
          DATABASE_URL: database!.url,
          DATA_DIR: path.join(work, name),
          ARCHIVE_DIR: path.join(work, 'shared-archives'),
          GITHUB_API_URL: `${sim!.url}/api/v3`,
          // The target's logs are served from its own origin, behind the proxies the gateways are given: a log
          // URL is fetched only from where logs may come from (src/server/outbound/handed-url.ts).
          GITHUB_STORAGE_ORIGINS: [sim!.storageOrigin, target].join(','),
          GITHUB_TOKEN: SIM_TOKEN,
          TARGET_GITHUB_API_URL: proxies[index + 1]!.url,
          TARGET_GITHUB_UPLOADS_URL: `${storage.url}/uploads`,
          TARGET_GITHUB_TOKEN: TARGET_TOKENS.octocat,
          GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES: '5',
          MOVE_POLL_MS: '1000',
          UPSTREAM_TOTAL_MS: '5000',
          WAVE_CHECK_MAX_MS: '1000',
        }),
      ),
    )),
  );
}, 180_000);

afterAll(async () => {
  if (process.env.TEAM_DEBUG) for (const proc of gateways) console.log(proc.url, proc.output());
  for (const proc of [...gateways, ...(sim ? [sim] : [])]) proc.child.kill('SIGKILL');
  for (const proxy of proxies) proxy.server.closeAllConnections();
  for (const proxy of proxies) proxy.server.close();
  await database?.drop().catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function moveOn(gateway: Proc, id: string): Promise<Move | undefined> {
  const response = await fetch(`${gateway.url}/api/moves/${id}`).catch(() => undefined);
  if (response?.status !== 200) return undefined;
  lastSeen = (await response.json()) as Move;
  return lastSeen;
}

/** The move as last seen, for a failure's message. */
let lastSeen: Move | undefined;

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}: ${lastSeen?.state} ${JSON.stringify(lastSeen?.repositories.map((r) => [r.name, r.step, r.upload, r.error]))}`,
      );
    await sleep(50);
  }
}

/** GraphQL to the target as its owner, straight (not through any gateway's proxy). */
async function targetMigrations(): Promise<{ repositoryName: string; state: string }[]> {
  const response = await fetch(`${proxies[0]!.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query { organization(login: "${TARGET_ORG}") { repositoryMigrations(first: 100) { nodes { repositoryName state } } } }`,
    }),
  });
  const body = (await response.json()) as {
    data: { organization: { repositoryMigrations: { nodes: { repositoryName: string; state: string }[] } } };
  };
  return body.data.organization.repositoryMigrations.nodes;
}

const graphqlOf = (request: Seen) => {
  try {
    return JSON.parse(request.body) as { query?: string; variables?: Record<string, unknown> };
  } catch {
    return {};
  }
};

describe.skipIf(!hasServer)('a move on a team of three gateways on one PostgreSQL', () => {
  it(
    'kill -9 of the gateway uploading and of the one whose start is unanswered: each repository imported once, the upload resumed, validated once, sources unlocked',
    { timeout: 300_000 },
    async () => {
      const began = Date.now();
      const [a] = gateways as [Proc, Proc, Proc];
      const byGateway = new Map(gateways.map((proc, index) => [['a', 'b', 'c'][index]!, proc]));
      let move = { id: '' } as Move;
      const kill = (name: string) => {
        killed.add(name);
        byGateway.get(name)!.child.kill('SIGKILL');
      };

      // Parts are slow. The first validation is held 3 s while a user pauses and resumes the move on another
      // gateway: that gateway looks at the move at once, beside the look that validates.
      let heldValidation: string | undefined;
      let poked: string | undefined;
      const pokes: number[] = [];
      hooks.before = async (request) => {
        if (request.gateway === 'storage' && request.method === 'PATCH') await sleep(PART_DELAY_MS);
        if (heldValidation || !graphqlOf(request).query?.includes('ferryMoveValidation')) return;
        heldValidation = request.gateway;
        poked = [...byGateway.keys()].find((name) => name !== request.gateway && !killed.has(name));
        if (poked) {
          const other = byGateway.get(poked)!;
          for (const action of ['pause', 'resume'])
            pokes.push((await postJson(`${other.url}/api/moves/${move.id}/${action}`, {})).status);
        }
        await sleep(3_000);
      };

      const created = await postJson(`${a.url}/api/moves`, {
        source: { kind: 'org', login: 'octo-org' },
        target: { login: TARGET_ORG },
        filters: { namePattern: REPOSITORIES.join(' ') },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      move = (await created.json()) as Move;
      expect(move.repositories.map((repo) => repo.name).sort()).toEqual([...REPOSITORIES].sort());

      // 1. The gateway uploading cli-tools, killed once one part of it is written to the store.
      const survivor = () => gateways.find((_, index) => !killed.has(['a', 'b', 'c'][index]!))!;
      //    First the validation race is over (hello-world's validation written), so the validator is not the one
      //    killed: its held look and the user's look ran side by side on two live gateways.
      await until('cli-tools half uploaded, hello-world validated', 120_000, async () => {
        const now = await moveOn(survivor(), move.id);
        const repo = now?.repositories.find((found) => found.name === 'cli-tools');
        const first = now?.repositories.find((found) => found.name === 'hello-world');
        return repo?.step === 'uploading' && (repo.upload?.parts ?? 0) >= 1 && first?.validation
          ? repo
          : undefined;
      });
      const uploader = [...byGateway].find(([, proc]) =>
        proc.output().includes(`${move.id}: cli-tools's archive to storage`),
      )?.[0];
      expect(uploader, 'a gateway said it uploads cli-tools').toBeDefined();
      kill(uploader!);
      const killedUploadAt = Date.now();

      // 2. The next start a live gateway sends is forwarded (GitHub creates the migration) and its answer never
      //    comes back: that gateway is killed with its look half done.
      let startedBy: string | undefined;
      hooks.answer = (request) => {
        const body = graphqlOf(request);
        if (startedBy === undefined && body.query?.includes('startRepositoryMigration')) {
          startedBy = request.gateway;
          kill(request.gateway);
          return 'drop';
        }
        return 'send';
      };
      await until('a start unanswered', 120_000, () => Promise.resolve(startedBy));
      const killedLookAt = Date.now();

      // 3. The last gateway finishes the move.
      const last = survivor();
      const done = await until('the move completed', 180_000, async () => {
        const now = await moveOn(last, move.id);
        return now && now.state !== 'running' ? now : undefined;
      });
      const finishedAt = Date.now();
      if (poked) expect(pokes).toEqual([200, 200]);
      expect(done.state, JSON.stringify(done.repositories.map((r) => [r.name, r.step, r.error]))).toBe(
        'completed',
      );
      for (const repo of done.repositories) {
        expect(repo.step, `${repo.name}: ${repo.error}`).toBe('done');
        expect(repo.validation?.result, repo.name).toBe('passed');
        expect(repo.sourceLock, repo.name).toBe('unlocked');
      }
      // GitHub's migration log kept beside the archive, also for the adopted import. One look fetches each; a log
      // whose look was killed holding it is fetched by a look after its claim expires (LOG_CLAIM_MS), which may
      // come after the move completed.
      const logged = await until('every log saved', 120_000, async () => {
        const now = await moveOn(last, move.id);
        return now?.repositories.every((repo) => repo.migration?.logFile) ? now : undefined;
      });
      for (const repo of logged.repositories)
        expect(repo.migration?.logFile, repo.name).toBe(`${repo.archive?.file}.migration-log.txt`);

      // The target's own account: one migration per repository, each SUCCEEDED.
      const migrations = await targetMigrations();
      expect(migrations.map((m) => m.repositoryName).sort()).toEqual([...REPOSITORIES].sort());
      expect(migrations.every((m) => m.state === 'SUCCEEDED')).toBe(true);

      // Storage: one upload per archive — a single POST (hello-world) or one multipart upload opened (cli-tools:
      // the killed one resumed, not opened again). docs may be opened a second time: a kill that lands between
      // storage's answer to the open and the store write of its address leaves an upload no one can resume (seen
      // once in CI, 2026-11-27: the second kill hit the gateway opening docs); storage drops it after 7 days.
      const uploads = seen.flatMap((request) => {
        if (request.gateway !== 'storage' || request.method !== 'POST') return [];
        const url = new URL(request.path, 'http://storage');
        if (url.pathname.endsWith('/gei/archive')) return [`${url.searchParams.get('name')} (one POST)`];
        if (url.pathname.endsWith('/gei/archive/blobs/uploads'))
          return [`${(JSON.parse(request.body) as { name: string }).name} (multipart)`];
        return [];
      });
      const docsOpened = uploads.filter((upload) => upload === 'docs.tar.gz (multipart)').length;
      expect(docsOpened, 'docs opened once, or again after a kill in its window').toBeGreaterThanOrEqual(1);
      expect(docsOpened).toBeLessThanOrEqual(2);
      expect(uploads.filter((upload) => upload !== 'docs.tar.gz (multipart)').sort()).toEqual([
        'cli-tools.tar.gz (multipart)',
        'hello-world.tar.gz (one POST)',
      ]);
      const successor = last
        .output()
        .includes(`${move.id}: cli-tools's archive to storage, resumed after part`)
        ? 'the last gateway'
        : gateways.find((proc) =>
            proc.output().includes("cli-tools's archive to storage, resumed after part"),
          );
      expect(successor, 'a successor said it resumed cli-tools').toBeTruthy();

      // Each repository validated once on the target (the validation's count query names it) by the gateways
      // alive to read the answer: two looks at once (the held one, the user's) do not both validate.
      const validated = new Map<string, number>();
      for (const request of seen) {
        const body = graphqlOf(request);
        if (!body.query?.includes('ferryMoveValidation') || !request.answeredAlive) continue;
        for (const [key, value] of Object.entries(body.variables ?? {}))
          if (key !== 'owner' && typeof value === 'string')
            validated.set(value, (validated.get(value) ?? 0) + 1);
      }
      expect(Object.fromEntries(validated)).toEqual(
        Object.fromEntries(REPOSITORIES.map((name) => [name, 1])),
      );

      const polls = seen.filter((request) => graphqlOf(request).query?.includes('ferryMoveMigrationStates'));
      const pollsBy = Object.fromEntries(
        ['a', 'b', 'c'].map((name) => [name, polls.filter((p) => p.gateway === name).length]),
      );
      console.log(
        `move-team: uploader ${uploader} killed at ${((killedUploadAt - began) / 1000).toFixed(1)} s, ` +
          `look (start unanswered) on ${startedBy} killed at ${((killedLookAt - began) / 1000).toFixed(1)} s, ` +
          `completed at ${((finishedAt - began) / 1000).toFixed(1)} s; status polls by gateway ${JSON.stringify(pollsBy)}; ` +
          `first validation held on ${heldValidation}, move paused and resumed on ${poked}; ` +
          `move requests ${JSON.stringify(done.requests)}`,
      );
    },
  );
});
