/**
 * The move on a team (issue 46), run with DATABASE_URL set (scripts/bench/move-team.ts starts a throw-away
 * PostgreSQL server when none is given): the same move of big-org's repositories into octo-target first on one
 * gateway process, then on three (one database, one ARCHIVE_DIR), the gateway sending the unlocks killed with
 * SIGKILL once the first source is unlocked; live against a standalone simulator (source and target GitHub).
 * Each gateway reaches the source's API and the target (GraphQL, REST, uploads) through its own recording proxy,
 * which keeps each request's time, token, answer and `retry-after`: the figures are read from what the two GitHubs
 * were sent, not from what Ferry says it sent. Prints the rows as JSON on its last line.
 *
 * A secondary limit is provoked on each move (the target's fault `secondary-rate-limit` on the first
 * `startRepositoryMigration`: `retry-after: 60`, a minute of real time to a live gateway). `--smoke`: five
 * repositories, no secondary limit (its minute would be most of the run); `--smoke --secondary` provokes it too.
 */
import { createServer, Agent, request as httpRequest, type Server } from 'node:http';
import type { Move, MoveStartRequest } from '@/contracts/move-run';
import { simIntentFor } from '@/contracts/sim-control';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { listenOnLoopback, readBody } from '@/testing/forwarding-proxy';
import { postJson, startTeam, type Proc, type Team } from '@/testing/team-processes';
import { verdict, type BenchRow } from './types';

const SPEED = 2_000;
const smoke = process.argv.includes('--smoke');
const SECONDARY = !smoke || process.argv.includes('--secondary');
/** As scripts/bench/move.ts: 100 of big-org's repositories (097 is `*-broken-*`: its export fails by design). */
const PLAN = smoke ? { pattern: '*-00[1-5]', size: 5 } : { pattern: '*-0?? *-100', size: 100 };
/** GitHub's second between two writes of one account, less this much for two clocks read in one process. */
const WRITE_SPACING_MS = 1_000;
const CLOCK_TOLERANCE_MS = 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`  · move-team: ${line}\n`);

/** One request a gateway sent one of the GitHubs, as its proxy saw it. */
interface Seen {
  gateway: string;
  side: 'source' | 'target';
  method: string;
  path: string;
  /** The credential in `authorization` (never printed): GitHub's limits are the account's behind it. */
  token: string;
  /** When the proxy received it and sent it on (Date.now of this process: one clock for every proxy). */
  at: number;
  answeredAt?: number;
  status?: number;
  /** `retry-after` of the answer, seconds. */
  retryAfter?: number;
  /** GraphQL: a mutation (a write) or a query, by its operation's name. */
  graphql?: { mutation: boolean; name: string; repositoryName?: string };
  /** `startRepositoryMigration`: the migration GitHub made, or its first error. */
  started?: { id?: string; error?: string };
  /** GraphQL: the points its answer said (`rateLimit.cost`), 1 where it said none (as a move counts). */
  points?: number;
  /** A source export's start (`POST /orgs/{org}/migrations`): the repositories it locks. */
  locks?: string[];
  /** Its gateway was still alive when the answer came back. */
  answeredAlive?: boolean;
}

const OPERATION = /^\s*(?:query|mutation)\s+(\w+)/;
const UNLOCK = /^\/api\/v3\/orgs\/[^/]+\/migrations\/\d+\/repos\/([^/?]+)\/lock$/;
const EXPORT_START = /^\/api\/v3\/orgs\/[^/]+\/migrations$/;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function graphqlOf(text: string): Seen['graphql'] {
  try {
    const { query, variables } = JSON.parse(text) as {
      query?: unknown;
      variables?: { repositoryName?: unknown };
    };
    if (typeof query !== 'string') return { mutation: false, name: 'other' };
    const repositoryName = variables?.repositoryName;
    return {
      mutation: /^\s*mutation\b/.test(query),
      name: OPERATION.exec(query)?.[1] ?? 'anonymous',
      ...(typeof repositoryName === 'string' ? { repositoryName } : {}),
    };
  } catch {
    return { mutation: false, name: 'other' };
  }
}

/** What a start's answer says: the migration's id, or GitHub's first error. */
function startedOf(text: string): Seen['started'] {
  try {
    const answer = JSON.parse(text) as {
      data?: { startRepositoryMigration?: { repositoryMigration?: { id?: string } } | null } | null;
      errors?: { message?: string }[];
    };
    const id = answer.data?.startRepositoryMigration?.repositoryMigration?.id;
    return id ? { id } : { error: answer.errors?.[0]?.message ?? 'no migration' };
  } catch {
    return { error: 'not JSON' };
  }
}

function pointsOf(text: string): number {
  try {
    const cost = (JSON.parse(text) as { data?: { rateLimit?: { cost?: unknown } } }).data?.rateLimit?.cost;
    return typeof cost === 'number' ? cost : 1;
  } catch {
    return 1;
  }
}

/**
 * A proxy in front of one GitHub for one gateway: the request passed on whole with its own `Host` (so every URL
 * GitHub answers — a page's link, an upload's `Location`, a log — points back at the proxy), the answer streamed
 * back, each exchange recorded in `seen`.
 */
function startProxy(
  gateway: string,
  side: Seen['side'],
  origin: string,
  seen: Seen[],
  killed: Set<string>,
): Promise<{ url: string; server: Server }> {
  const upstream = new URL(origin);
  const server = createServer((request, response) => {
    const at = Date.now();
    response.on('error', () => undefined);
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '/';
      const pathname = path.split('?')[0]!;
      const method = request.method ?? 'GET';
      const record: Seen = {
        gateway,
        side,
        method,
        path: pathname,
        token: (request.headers.authorization ?? '').split(/\s+/).at(-1) ?? '',
        at,
      };
      if (method === 'POST' && pathname.endsWith('/graphql'))
        record.graphql = graphqlOf(body.toString('utf8'));
      if (side === 'source' && method === 'POST' && EXPORT_START.test(pathname)) {
        try {
          const start = JSON.parse(body.toString('utf8')) as {
            repositories?: string[];
            lock_repositories?: boolean;
          };
          if (start.lock_repositories) record.locks = start.repositories ?? [];
        } catch {
          // not JSON: GitHub refuses it, nothing locked
        }
      }
      seen.push(record);
      const headers = { ...request.headers };
      delete headers.connection;
      delete headers['transfer-encoding'];
      if (body.length > 0 || headers['content-length'] !== undefined)
        headers['content-length'] = String(body.length);
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method, path, headers, agent },
        (answer) => {
          record.answeredAt = Date.now();
          record.status = answer.statusCode;
          record.answeredAlive = !killed.has(gateway);
          const retryAfter = Number(answer.headers['retry-after']);
          if (Number.isFinite(retryAfter) && retryAfter > 0) record.retryAfter = retryAfter;
          const chunks: Buffer[] = [];
          if (record.graphql && !answer.headers['content-encoding'])
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            if (!record.graphql) return;
            const text = Buffer.concat(chunks).toString('utf8');
            record.points = pointsOf(text);
            if (record.graphql.name === 'startRepositoryMigration') record.started = startedOf(text);
          });
          const back = { ...answer.headers };
          delete back.connection;
          response.writeHead(answer.statusCode ?? 502, back);
          answer.pipe(response);
        },
      );
      out.on('error', () => response.destroy());
      out.end(body);
    })().catch(() => response.destroy());
  });
  return listenOnLoopback(server);
}

/** A move's run on a team of `count`, as measured. */
interface Run {
  count: number;
  seconds: number;
  move: Move;
  /** Every request the gateways sent either GitHub from just before the move was asked for. */
  seen: Seen[];
  killed?: { gateway: string; atSeconds: number; unlockedBefore: number };
  faultHits: number;
}

const moveOn = async (gateway: Proc, id: string): Promise<Move | undefined> => {
  const response = await fetch(`${gateway.url}/api/moves/${id}`).catch(() => undefined);
  return response?.status === 200 ? ((await response.json()) as Move) : undefined;
};

async function runMove(count: number, killDuringUnlocks: boolean): Promise<Run> {
  const seen: Seen[] = [];
  const killed = new Set<string>();
  const proxies: Server[] = [];
  const team: Team = await startTeam({
    database: `ferry_bench_move_team_${count}_${process.pid}`,
    speed: SPEED,
    scenario: 'big-org',
    count,
    env: {
      TARGET_GITHUB_TOKEN: TARGET_TOKENS.octocat,
      // One status look a second at least (the in-process bench's 1–4 s), the exports checked within 0.5 s.
      MOVE_POLL_MS: '1000',
      WAVE_CHECK_MAX_MS: '500',
    },
    async gatewayEnv(name, sim) {
      const source = await startProxy(name, 'source', sim.url, seen, killed);
      const target = await startProxy(name, 'target', sim.targetOrigin, seen, killed);
      proxies.push(source.server, target.server);
      return {
        GITHUB_API_URL: `${source.url}/api/v3`,
        // The target's migration logs are served from its origin: this gateway's proxy.
        GITHUB_STORAGE_ORIGINS: [sim.storageOrigin, target.url].join(','),
        TARGET_GITHUB_API_URL: target.url,
        TARGET_GITHUB_UPLOADS_URL: `${target.url}/uploads`,
      };
    },
  });
  const { sim, gateways } = team;
  const names = ['a', 'b', 'c'].slice(0, gateways.length);
  try {
    if (SECONDARY) {
      const url = `${sim.url}/__sim/faults/target`;
      const added = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...simIntentFor('POST', url) },
        body: JSON.stringify({ kind: 'secondary-rate-limit', field: 'startRepositoryMigration', count: 1 }),
      });
      if (added.status !== 201)
        throw new Error(`the target's fault: HTTP ${added.status} ${await added.text()}`);
    }
    const request: MoveStartRequest = {
      source: { kind: 'org', login: 'big-org' },
      target: { login: TARGET_ORG },
      filters: { namePattern: PLAN.pattern },
      caps: { maxRepos: 1, maxSizeKb: 100 * 1024 * 1024, concurrency: 4 },
    };
    const from = seen.length;
    const started = performance.now();
    const created = await postJson(`${gateways[0]!.url}/api/moves`, request);
    if (created.status !== 201)
      throw new Error(`the move was refused: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as Move;
    let watcher = gateways[0]!;
    let killedRun: Run['killed'];
    let lastLog = 0;
    const limitMs = 120_000 + PLAN.size * 5_000 + (SECONDARY ? 60_000 : 0);
    let move: Move | undefined;
    for (;;) {
      move = (await moveOn(watcher, id)) ?? move;
      if (move && move.state !== 'running' && move.state !== 'paused') break;
      const elapsed = performance.now() - started;
      if (elapsed > limitMs) throw new Error(`the move on ${count} did not end within ${limitMs / 1000} s`);
      if (move && killDuringUnlocks && !killedRun) {
        const unlocked = move.repositories.filter((repo) => repo.sourceLock === 'unlocked').length;
        if (unlocked > 0) {
          // The gateway that sent the latest unlock: it is the one unlocking now.
          const last = seen.filter((r) => r.side === 'source' && UNLOCK.test(r.path)).at(-1);
          const victim = last?.gateway ?? names.at(-1)!;
          killed.add(victim);
          gateways[names.indexOf(victim)]!.child.kill('SIGKILL');
          killedRun = { gateway: victim, atSeconds: elapsed / 1000, unlockedBefore: unlocked };
          watcher = gateways.find((_, index) => !killed.has(names[index]!))!;
          log(
            `${count}: gateway ${victim} killed (SIGKILL) at ${(elapsed / 1000).toFixed(1)} s, ${unlocked} sources unlocked`,
          );
        }
      }
      if (move && elapsed - lastLog > 15_000) {
        lastLog = elapsed;
        const steps = new Map<string, number>();
        for (const repo of move.repositories) steps.set(repo.step, (steps.get(repo.step) ?? 0) + 1);
        log(
          `${count}: ${(elapsed / 1000).toFixed(0)} s, ${[...steps].map(([step, n]) => `${step} ${n}`).join(', ')}`,
        );
      }
      await pause(250);
    }
    const seconds = (performance.now() - started) / 1000;
    // Quiet: a request counted by the move before it left is on its way to the proxy; what is owed after the
    // end (a cancel's unlock, a log) is sent within seconds.
    for (
      let quiet = 0, seenBefore = seen.length;
      quiet < 3_000 && performance.now() - started < limitMs + 30_000;
    ) {
      await pause(500);
      quiet = seen.length === seenBefore ? quiet + 500 : 0;
      seenBefore = seen.length;
    }
    const final = (await moveOn(watcher, id)) ?? move;
    const faults = (await (await fetch(`${sim.url}/__sim/faults/target`)).json()) as {
      faults: { hits: number }[];
    };
    return {
      count,
      seconds,
      move: final,
      seen: seen.slice(from),
      ...(killedRun ? { killed: killedRun } : {}),
      faultHits: faults.faults.reduce((total, fault) => total + fault.hits, 0),
    };
  } catch (error) {
    for (const proc of gateways) process.stderr.write(`${proc.url}:\n${proc.output().slice(-3_000)}\n`);
    throw error;
  } finally {
    await team.stop();
    for (const server of proxies) {
      server.closeAllConnections();
      server.close();
    }
  }
}

/** The smallest gap between two writes with one token on one side, and the pair. */
function smallestGap(requests: Seen[], isWrite: (request: Seen) => boolean) {
  const byToken = new Map<string, Seen[]>();
  for (const request of requests.filter(isWrite))
    byToken.set(request.token, [...(byToken.get(request.token) ?? []), request]);
  let smallest: { ms: number; first: Seen; second: Seen } | undefined;
  let writes = 0;
  /** Gaps under the goal (less the tolerance). */
  let under = 0;
  for (const list of byToken.values()) {
    list.sort((x, y) => x.at - y.at);
    writes += list.length;
    for (let index = 1; index < list.length; index++) {
      const ms = list[index]!.at - list[index - 1]!.at;
      if (ms < WRITE_SPACING_MS - CLOCK_TOLERANCE_MS) under += 1;
      if (!smallest || ms < smallest.ms) smallest = { ms, first: list[index - 1]!, second: list[index]! };
    }
  }
  return { smallest, writes, under };
}

const describe = (request: Seen) =>
  `${request.method} ${request.graphql ? `${request.path} ${request.graphql.name}` : request.path} by ${request.gateway}`;
const gapText = (gap: ReturnType<typeof smallestGap>) =>
  gap.smallest
    ? `${gap.smallest.ms} ms (${gap.writes} writes, ${gap.under} gaps under ${WRITE_SPACING_MS - CLOCK_TOLERANCE_MS} ms; ${describe(gap.smallest.first)} → ${describe(gap.smallest.second)})`
    : `— (${gap.writes} writes)`;

const targetWrite = (r: Seen) =>
  r.side === 'target' &&
  !r.path.startsWith('/uploads/') &&
  (r.graphql ? r.graphql.mutation : !['GET', 'HEAD'].includes(r.method));
const sourceWrite = (r: Seen) =>
  r.side === 'source' && (r.graphql ? r.graphql.mutation : !['GET', 'HEAD'].includes(r.method));
const uploadWrite = (r: Seen) => r.side === 'target' && r.path.startsWith('/uploads/') && r.method !== 'GET';

/** Each answer with `retry-after`, and the requests with its token that reached that side inside its window. */
function limitWindows(run: Run) {
  const limits = run.seen.filter((r) => r.retryAfter !== undefined && r.answeredAt !== undefined);
  return limits.map((limit) => {
    const end = limit.answeredAt! + limit.retryAfter! * 1_000;
    const inside = run.seen.filter(
      (r) =>
        r !== limit &&
        r.side === limit.side &&
        r.token === limit.token &&
        r.at > limit.answeredAt! &&
        r.at < end,
    );
    return { limit, inside };
  });
}

/**
 * Per repository: the exports that locked it (answered 2xx), the unlock requests sent and how GitHub answered
 * them. Once means one unlock per lock: an export that failed and was started again locked its repository again.
 */
function unlocksOf(run: Run) {
  const repos = new Map<string, { locks: number; unlocks: Seen[] }>();
  const entry = (name: string) => {
    const found = repos.get(name) ?? { locks: 0, unlocks: [] };
    repos.set(name, found);
    return found;
  };
  for (const request of run.seen) {
    if (request.side !== 'source') continue;
    if (request.locks && request.status !== undefined && request.status < 300)
      for (const name of request.locks) entry(name).locks += 1;
    const unlocked = request.method === 'DELETE' ? UNLOCK.exec(request.path)?.[1] : undefined;
    if (unlocked) entry(decodeURIComponent(unlocked)).unlocks.push(request);
  }
  const locked = [...repos].filter(([, repo]) => repo.locks > 0);
  const notOnce = locked.filter(([, repo]) => repo.unlocks.length !== repo.locks);
  const relocked = locked
    .filter(([, repo]) => repo.locks > 1)
    .map(([name, repo]) => `${name} ×${repo.locks}`);
  const unlockedByGitHub = locked.filter(([, repo]) => repo.unlocks.some((r) => r.status === 204)).length;
  const movedButLocked = run.move.repositories.filter(
    (repo) => repo.step === 'done' && repo.sourceLock !== 'unlocked',
  );
  return { locked: locked.length, relocked, notOnce, unlockedByGitHub, movedButLocked };
}

/** The target requests the move counts (GraphQL and REST, refusals included; not uploads, not logs) as sent. */
function targetCounts(run: Run) {
  const counted = run.seen.filter(
    (r) => r.side === 'target' && !r.path.startsWith('/uploads/') && !r.path.startsWith('/_migration-logs/'),
  );
  const graphql = counted.filter((r) => r.graphql);
  return {
    requests: counted.length,
    graphql: graphql.length,
    rest: counted.length - graphql.length,
    points: graphql.reduce((total, r) => total + (r.points ?? 1), 0),
    refusals: counted.filter((r) => r.retryAfter !== undefined || (r.status ?? 0) >= 400).length,
    unanswered: counted.filter((r) => r.answeredAlive !== true).length,
    uploads: run.seen.filter((r) => r.side === 'target' && r.path.startsWith('/uploads/')).length,
    source: run.seen.filter((r) => r.side === 'source').length,
  };
}

/** The target's `startRepositoryMigration` requests by repository: the migrations GitHub made, the refusals. */
function startsOf(run: Run) {
  const starts = run.seen.filter((r) => r.graphql?.name === 'startRepositoryMigration');
  const made = new Map<string, Seen[]>();
  for (const start of starts.filter((r) => r.started?.id)) {
    const name = start.graphql?.repositoryName ?? '?';
    made.set(name, [...(made.get(name) ?? []), start]);
  }
  const twice = [...made].filter(([, list]) => list.length > 1);
  const refused = starts.filter((r) => !r.started?.id);
  return { starts: starts.length, repositories: made.size, twice, refused };
}

/** A path's kind: numbers and repository names left out (`DELETE /api/v3/orgs/big-org/migrations/:n/repos/:repo/lock`). */
const kindOf = (request: Seen) =>
  `${request.method} ${request.path
    .split('/')
    .map((part, index, parts) =>
      /^\d+$/.test(part)
        ? ':n'
        : parts[index - 1] === 'repos'
          ? ':repo'
          : parts[index - 1] === '_migration-logs'
            ? ':file'
            : part,
    )
    .join('/')}${request.graphql ? ` ${request.graphql.name}` : ''}`;

/** What one side was sent, by kind, most first: the report's evidence for a count that differs. */
function byKind(run: Run, side: Seen['side']): string {
  const kinds = new Map<string, number>();
  for (const request of run.seen.filter((r) => r.side === side))
    kinds.set(kindOf(request), (kinds.get(kindOf(request)) ?? 0) + 1);
  return [...kinds]
    .sort((x, y) => y[1] - x[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
}

const outcome = (move: Move) => {
  const n = (step: string) => move.repositories.filter((repo) => repo.step === step).length;
  return `${move.state}: ${n('done')} done, ${n('failed')} failed`;
};

const rows: BenchRow[] = [];
try {
  log(`${PLAN.size} repositories of big-org (${PLAN.pattern}) on one gateway`);
  const one = await runMove(1, false);
  log(`one gateway: ${one.seconds.toFixed(1)} s, ${outcome(one.move)}`);
  log(`${PLAN.size} repositories on three gateways, one killed during unlocks`);
  const three = await runMove(3, true);
  log(`three gateways: ${three.seconds.toFixed(1)} s, ${outcome(three.move)}`);
  const runs = [one, three];
  for (const run of runs) {
    log(
      `${run.count}: the source was sent ${byKind(run, 'source')}; the move counts ${run.move.requests.source}`,
    );
    log(
      `${run.count}: the target was sent ${byKind(run, 'target')}; the move counts ${run.move.requests.target}`,
    );
  }
  const completed = (run: Run) => run.move.state === 'completed';

  rows.push({
    figure: `Move of ${PLAN.size} on 1 vs 3 gateway processes, one of the 3 killed during unlocks: wall time`,
    value: `1: ${one.seconds.toFixed(1)} s (${outcome(one.move)}); 3: ${three.seconds.toFixed(1)} s (${outcome(three.move)}; ${three.killed ? `gateway ${three.killed.gateway} killed at ${three.killed.atSeconds.toFixed(1)} s, ${three.killed.unlockedBefore} sources unlocked by then` : 'no gateway killed: no source was unlocked'})`,
    goal: '3 no later than 1',
    verdict: verdict(
      completed(one) && completed(three) && three.killed !== undefined && three.seconds <= one.seconds,
      three.seconds > one.seconds ? `${(three.seconds - one.seconds).toFixed(1)} s` : undefined,
    ),
    how: `\`npm start\` processes on PostgreSQL (one database and ARCHIVE_DIR per run), live against a standalone simulator (big-org at SIM_SPEED=${SPEED}, target octo-target), each gateway behind its own recording proxies; POST /api/moves on the first, watched every 250 ms until it ends; ${SECONDARY ? 'a secondary limit provoked in each run (retry-after 60 s on the first startRepositoryMigration)' : 'no secondary limit provoked'}; the gateway that sent the latest unlock killed with SIGKILL as soon as the move shows a source unlocked`,
  });

  const gaps = runs.map((run) => ({
    target: smallestGap(run.seen, targetWrite),
    source: smallestGap(run.seen, sourceWrite),
    uploads: smallestGap(run.seen, (r) => targetWrite(r) || uploadWrite(r)),
  }));
  const spaced = (gap: ReturnType<typeof smallestGap>) =>
    !gap.smallest || gap.smallest.ms >= WRITE_SPACING_MS - CLOCK_TOLERANCE_MS;
  const smallestMs = Math.min(
    ...gaps.flatMap((gap) => [gap.target.smallest?.ms ?? Infinity, gap.source.smallest?.ms ?? Infinity]),
  );
  rows.push({
    figure: `Move of ${PLAN.size}: smallest gap between two writes with one token, as each GitHub received them`,
    value: gaps
      .map(
        (gap, index) =>
          `${runs[index]!.count} gateway${runs[index]!.count > 1 ? 's' : ''}: target ${gapText(gap.target)}, source ${gapText(gap.source)}`,
      )
      .join('; '),
    goal: `≥ ${WRITE_SPACING_MS} ms (${CLOCK_TOLERANCE_MS} ms tolerance)`,
    verdict: verdict(
      gaps.every((gap) => spaced(gap.target) && spaced(gap.source)),
      `${WRITE_SPACING_MS - smallestMs} ms`,
    ),
    how: `writes: the target's GraphQL mutations and REST writes, the source's POST/PATCH/PUT/DELETE (GraphQL queries are reads), per token, times taken by the proxies in one process as each request reached them; uploads to GitHub-owned storage are not paced by Ferry (neither spaced nor held): with them the target's smallest gap is ${gaps.map((gap) => gapText(gap.uploads)).join(' / ')}`,
  });

  const limits = runs.flatMap((run) => limitWindows(run).map((window) => ({ ...window, count: run.count })));
  const inside = limits.flatMap((window) => window.inside);
  const isUpload = (request: Seen) => request.path.startsWith('/uploads/');
  rows.push({
    figure: `Move of ${PLAN.size}: requests inside a retry-after window after a secondary limit`,
    value:
      limits.length === 0
        ? `none occurred${SECONDARY ? ' (the provoked one was not hit)' : ' (none provoked in a smoke run)'}`
        : `${inside.length} inside ${limits.length} window${limits.length > 1 ? 's' : ''}: ${limits
            .map(
              (window) =>
                `${window.count} gateway${window.count > 1 ? 's' : ''}, ${window.limit.side} ${window.limit.graphql?.name ?? window.limit.path} by ${window.limit.gateway}, retry-after ${window.limit.retryAfter} s: ${window.inside.length} inside (${window.inside.filter((r) => !isUpload(r)).length} GraphQL/REST, ${window.inside.filter(isUpload).length} uploads to GitHub-owned storage)${window.inside.length ? `, the first ${window.inside[0]!.at - window.limit.answeredAt!} ms after: ${describe(window.inside[0]!)}` : ''}`,
            )
            .join('; ')}`,
    goal: '0',
    verdict:
      SECONDARY && limits.length === 0 ? 'not measured' : verdict(inside.length === 0, String(inside.length)),
    how: `every answer carrying retry-after (the provoked fault hit ${runs.map((run) => run.faultHits).join(' / ')} times on 1 / 3 gateways); requests with the same token that reached the same GitHub after the answer left it and before retry-after ran out, in real seconds (the gateways are live: they take retry-after as real time)`,
  });

  const unlocks = runs.map(unlocksOf);
  rows.push({
    figure: `Move of ${PLAN.size}: unlock requests per lock of a source repository`,
    value: unlocks
      .map(
        (u, index) =>
          `${runs[index]!.count}: ${u.locked} locked${u.relocked.length ? ` (${u.relocked.join(', ')}: exported again)` : ''}, ${u.unlockedByGitHub} unlocked (204), ${u.notOnce.length} not unlocked exactly once per lock${
            u.notOnce.length
              ? ` (${u.notOnce
                  .slice(0, 5)
                  .map(
                    ([name, repo]) =>
                      `${name}: ${repo.unlocks.map((r) => `${r.status ?? 'no answer'} by ${r.gateway}${r.answeredAlive ? '' : ' (killed)'}`).join(', ') || 'none'}`,
                  )
                  .join('; ')})`
              : ''
          }${u.movedButLocked.length ? `; ${u.movedButLocked.length} done but still locked` : ''}`,
      )
      .join('; '),
    goal: 'exactly 1 per lock',
    verdict: verdict(
      unlocks.every((u) => u.notOnce.length === 0 && u.movedButLocked.length === 0),
      `${unlocks.reduce((total, u) => total + u.notOnce.length, 0)} repositories`,
    ),
    how: "the source's export starts with lock_repositories (answered 2xx: one lock each) and its DELETE …/repos/{repo}/lock, as the proxies saw them, after the move ended and the gateways fell quiet; and every repository done reads `sourceLock: unlocked`",
  });

  const starts = runs.map(startsOf);
  rows.push({
    figure: `Move of ${PLAN.size}: imports GitHub made per repository`,
    value: starts
      .map(
        (st, index) =>
          `${runs[index]!.count}: ${st.starts} starts sent, ${st.repositories} repositories imported, ${st.twice.length} imported more than once${
            st.twice.length
              ? ` (${st.twice
                  .slice(0, 5)
                  .map(
                    ([name, list]) =>
                      `${name}: ${list.map((r) => `by ${r.gateway} at ${((r.at - runs[index]!.seen[0]!.at) / 1000).toFixed(1)} s${r.answeredAlive ? '' : ' (answered to a killed gateway)'}`).join(', ')}`,
                  )
                  .join('; ')})`
              : ''
          }; ${st.refused.length} refused (${[...new Set(st.refused.map((r) => (r.retryAfter !== undefined ? `secondary limit` : (r.started?.error ?? `HTTP ${r.status ?? 'no answer'}`))))].join(', ') || '—'})`,
      )
      .join('; '),
    goal: '1 migration each',
    verdict: verdict(
      starts.every((st) => st.twice.length === 0),
      `${starts.reduce((total, st) => total + st.twice.length, 0)} repositories`,
    ),
    how: "each startRepositoryMigration the target was sent, by its repositoryName, and whether GitHub's answer named a migration (times from the run's first request)",
  });

  const counts = runs.map(targetCounts);
  rows.push({
    figure: `Move of ${PLAN.size}: the move's count of target requests vs what the target was sent`,
    value: counts
      .map(
        (c, index) =>
          `${runs[index]!.count}: move ${runs[index]!.move.requests.target} requests / ${runs[index]!.move.requests.targetPoints} points, target ${c.requests} (${c.graphql} GraphQL + ${c.rest} REST; ${c.refusals} refusals, ${c.unanswered} answered to no live gateway) / ${c.points} points`,
      )
      .join('; '),
    goal: 'equal, refusals included',
    verdict: verdict(
      runs.every((run, index) => run.move.requests.target === counts[index]!.requests),
      runs.map((run, index) => `${run.move.requests.target - counts[index]!.requests}`).join(' / '),
    ),
    how: `Move.requests.target read after the move ended and the gateways fell quiet; the target's side: every GraphQL and REST request the proxies passed on from the move's POST on (the pre-flight's included; uploads ${counts.map((c) => c.uploads).join(' / ')} and migration logs apart, which the move does not count); the source was sent ${counts.map((c) => c.source).join(' / ')} requests (the move says ${runs.map((run) => run.move.requests.source).join(' / ')})`,
  });
} catch (error) {
  rows.push({
    figure: 'Move on a team of gateways',
    value: 'error',
    goal: '—',
    verdict: 'not measured',
    how: error instanceof Error ? error.message : String(error),
  });
}
console.log(JSON.stringify(rows));
process.exit(0);
