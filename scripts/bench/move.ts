import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { silentForMs, type Move, type MoveStartRequest } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { TARGET_ORG } from '@/simulator/target/seed';
import { probed, probedSql, probeSummary, type Probe } from './move-probe';
import { verdict, type BenchFigure, type BenchRow } from './types';

/**
 * The simulator's speed (`SIM_SPEED=500 npm run bench -- move --move-500`): at 2,000 a storage URL's 5 minutes
 * are 150 ms, and an event loop busy that long between GitHub's redirect and the download sees a 403 (the wave
 * retries with back-off, holding an export slot): the 500 run uses 500.
 */
const SPEED = Number(process.env.SIM_SPEED) > 0 ? Number(process.env.SIM_SPEED) : 2_000;
const ORIGIN = 'http://127.0.0.1:5180';

/**
 * 100 of big-org's repositories (001–100; 097 is `*-broken-*`, its export fails as GitHub's would), 5 in a
 * smoke run. 500 would spend over 1,000 s on GitHub's one second between two writes alone (an export started
 * and a source unlocked per repository: `writeSpacingMs`), longer than a bench run may take.
 */
const FULL = { pattern: '*-0?? *-100', size: 100 };
/**
 * `SIM_SPEED=500 npm run bench -- move --move-500`: all of big-org. Long: on 2 shared cores (2026-11-27) the pace
 * rose to ~40 repositories a minute, then fell to ~10 after ~7 minutes with the store's cost per call flat and the
 * exports the bottleneck (docs/performance.md); the store's time per call is logged every 15 s (move-probe.ts).
 */
const ALL = { pattern: '*', size: 500 };
const WANTS_ALL = process.argv.includes('--move-500');
const SMOKE = { pattern: '*-00[1-5]', size: 5 };

/** What the target was asked, by GraphQL operation name (and uploads apart), with the points GitHub said. */
interface TargetTally {
  graphql: Map<string, { requests: number; points: number }>;
  uploads: number;
}

const OPERATION = /^\s*(?:query|mutation)\s+(\w+)/;

/** A GraphQL answer's `rateLimit.cost` (the points it took), 1 where it says none (as the move counts). */
async function pointsOf(response: Response): Promise<number> {
  try {
    const body = (await response.clone().json()) as { data?: { rateLimit?: { cost?: unknown } } };
    const cost = body.data?.rateLimit?.cost;
    return typeof cost === 'number' ? cost : 1;
  } catch {
    return 1;
  }
}

/** The target's fetch, counting each request by its GraphQL operation (uploads apart) before passing it on. */
function countingTarget(tally: TargetTally, inner: () => UpstreamFetch): UpstreamFetch {
  return async (request) => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname.endsWith('/graphql')) {
      const text = await request.clone().text();
      let name = 'other';
      try {
        name = OPERATION.exec((JSON.parse(text) as { query?: string }).query ?? '')?.[1] ?? 'other';
      } catch {
        // Not JSON: counted as other.
      }
      const response = await inner()(request);
      const entry = tally.graphql.get(name) ?? { requests: 0, points: 0 };
      entry.requests += 1;
      entry.points += await pointsOf(response);
      tally.graphql.set(name, entry);
      return response;
    }
    if (url.pathname.includes('/uploads')) tally.uploads += 1;
    return inner()(request);
  };
}

const sum = (tally: TargetTally, names: readonly string[]) =>
  names.reduce(
    (total, name) => {
      const entry = tally.graphql.get(name);
      return {
        requests: total.requests + (entry?.requests ?? 0),
        points: total.points + (entry?.points ?? 0),
      };
    },
    { requests: 0, points: 0 },
  );

const STATUS = ['ferryMoveMigrationStates'];
const VALIDATION = ['ferryMoveValidation'];

/**
 * Each repository's longest stay at one step without a change (its `updatedAt` unmoved), by step, as the page's
 * polling sees it; and the repositories the page would have called silent (`silentForMs`, the sweep's rule).
 */
function silenceWatch() {
  const seen = new Map<string, { step: string; updatedAt?: string; since: number }>();
  const longest = new Map<string, number>();
  const silent = new Set<string>();
  return {
    look(move: Move) {
      const now = Date.now();
      for (const repo of move.repositories) {
        if (silentForMs(repo, now, move.createdAt) !== undefined) silent.add(repo.name);
        const last = seen.get(repo.name);
        if (!last || last.step !== repo.step || last.updatedAt !== repo.updatedAt) {
          seen.set(repo.name, { step: repo.step, updatedAt: repo.updatedAt, since: now });
          continue;
        }
        if (repo.step === 'done' || repo.step === 'failed') continue;
        longest.set(repo.step, Math.max(longest.get(repo.step) ?? 0, now - last.since));
      }
    },
    summary: () => ({
      silent: [...silent],
      longest: [...longest]
        .sort((a, b) => b[1] - a[1])
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
        .join(', '),
    }),
  };
}

async function call(gateway: Gateway, pathname: string, body?: unknown) {
  return gateway.app.request(`${ORIGIN}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** One move of `plan` on a gateway as composed (embedded store, in-process simulator at SIM_SPEED=2000). */
async function moveRun(folder: string, plan: { pattern: string; size: number }, log: (line: string) => void) {
  const opened = createFerryStore(await openStore({}));
  const probe: Probe = new Map();
  const store = {
    ...opened,
    executeSql: probedSql(probe, opened.executeSql),
    moves: probed(probe, 'moves', opened.moves),
    waves: probed(probe, 'waves', opened.waves),
  };
  const tally: TargetTally = { graphql: new Map(), uploads: 0 };
  // The embedded simulator exists once the gateway does: the target's fetch reaches it through the gateway.
  const simulatorFetch = (): UpstreamFetch => {
    const sim = gateway.simulator;
    if (!sim) throw new Error('no simulator');
    return (request) => sim.fetch(request);
  };
  const gateway = composeGateway(
    loadConfig({ SIM_SPEED: String(SPEED), SIM_SCENARIO: 'big-org', WAVE_CHECK_MAX_MS: '500' }),
    {
      store,
      archiveDir: path.join(folder, 'archives'),
      watch: false,
      controlAccess: 'any',
      upstreams: { target: countingTarget(tally, simulatorFetch) },
      // One status look a second at most (≈ 30 simulated minutes): GitHub's own pace is 15–60 s.
      moves: { pollMs: { min: 1_000, max: 4_000 }, exportLookMs: 200 },
    },
  );
  const sim = gateway.simulator!;
  // The runner says each upload on stdout (`[moves] …`, npm start's log): not in the bench's table.
  const print = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[moves]')) return;
    print(...args);
  };
  try {
    const request: MoveStartRequest = {
      source: { kind: 'org', login: 'big-org' },
      target: { login: TARGET_ORG },
      filters: { namePattern: plan.pattern },
      caps: { maxRepos: 1, maxSizeKb: 100 * 1024 * 1024, concurrency: 4 },
    };
    const sourceBefore = sim.github().stats.requests;
    const started = performance.now();
    const created = await call(gateway, '/api/moves', request);
    if (created.status !== 201)
      throw new Error(`the move was refused: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as Move;
    const planTarget = sum(tally, [...tally.graphql.keys()]);
    let move: Move;
    let lastLog = 0;
    /** Repositories at an end at each whole minute of the run (the pace over time). */
    const perMinute: number[] = [];
    const silence = silenceWatch();
    for (;;) {
      move = (await (await call(gateway, `/api/moves/${id}`)).json()) as Move;
      if (move.state !== 'running' && move.state !== 'paused') break;
      // Five seconds a repository: the 500 run's pace falls to ~10 a minute after its first ~250 (performance.md).
      if (performance.now() - started > 60_000 + plan.size * 5_000)
        throw new Error(`the move did not end within ${60 + plan.size * 5} s`);
      const ended = move.repositories.filter((repo) => repo.step === 'done' || repo.step === 'failed').length;
      silence.look(move);
      if (performance.now() - started >= (perMinute.length + 1) * 60_000) perMinute.push(ended);
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        const steps = new Map<string, number>();
        for (const repo of move.repositories) steps.set(repo.step, (steps.get(repo.step) ?? 0) + 1);
        log(`move: ${[...steps].map(([step, n]) => `${step} ${n}`).join(', ')}`);
        log(`store: ${probeSummary(probe)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    log(`store: ${probeSummary(probe)}`);
    const jobs = await opened.executeSql(
      `SELECT name, count(*)::int AS n FROM (SELECT name FROM pgboss.job UNION ALL SELECT name FROM pgboss.archive) j WHERE name LIKE 'move%' OR name LIKE 'wave%' GROUP BY name`,
    );
    log(
      `jobs: ${(jobs.rows as { name: string; n: number }[]).map((row) => `${row.name} ${row.n}`).join(', ')}`,
    );
    return {
      move,
      seconds,
      tally,
      planTarget,
      source: sim.github().stats.requests - sourceBefore,
      perMinute: perMinute.map((count, index) => count - (perMinute[index - 1] ?? 0)),
      probe: probeSummary(probe),
      silence: silence.summary(),
    };
  } finally {
    console.log = print;
    await gateway.stop();
    await store.close();
  }
}

export const move: BenchFigure = {
  id: 'move',
  title: 'A move into GitHub.com (big-org → octo-target)',
  async run(context) {
    const plan = context.size(WANTS_ALL ? ALL : FULL, SMOKE);
    const folder = await mkdtemp(path.join(tmpdir(), 'ferry-bench-move-'));
    try {
      context.log(`move: ${plan.size} repositories of big-org (${plan.pattern}) into ${TARGET_ORG}`);
      const {
        move: done,
        seconds,
        tally,
        planTarget,
        source,
        perMinute,
        probe,
        silence,
      } = await moveRun(folder, plan, (line) => context.log(line));
      const n = done.repositories.length;
      const count = (step: string) => done.repositories.filter((repo) => repo.step === step).length;
      const status = sum(tally, STATUS);
      const validation = sum(tally, VALIDATION);
      const allTarget = sum(tally, [...tally.graphql.keys()]);
      const sourceGraphql = done.requests.sourceGraphql ?? 0;
      const validationGoal = Math.max(1, Math.ceil((50 * n) / 500));
      const perRepo = (value: number) => (value / Math.max(1, n)).toFixed(2);
      const byOperation = [...tally.graphql]
        .sort((a, b) => b[1].requests - a[1].requests)
        .map(([name, entry]) => `${name} ${entry.requests}`)
        .join(', ');
      const rows: BenchRow[] = [
        {
          figure: `Move of ${n}: repositories ended per minute, over the run`,
          value: perMinute.join(', ') || '—',
          goal: '—',
          verdict: '—',
          how: `done or failed during each whole minute; the store's time by call: ${probe}`,
        },
        {
          figure: `Move of ${n} repositories: wall time and outcome`,
          value: `${seconds.toFixed(1)} s; ${done.state}: ${count('done')} done, ${count('failed')} failed`,
          goal: '—',
          verdict: '—',
          how: `POST /api/moves on a gateway as composed (embedded store, in-process simulator big-org at SIM_SPEED=${SPEED}, status looks 1–4 s apart), until the move ends; ${n < 500 ? `${n} rather than 500: GitHub's one second between writes (an export and an unlock per repository) alone would take over 1,000 s` : 'all 500'}`,
        },
        {
          figure: `Move of ${n}: repositories silent longer than their step can take`,
          value: `${silence.silent.length}${silence.silent.length ? ` (${silence.silent.slice(0, 5).join(', ')})` : ''}; longest without a change, by step: ${silence.longest || '—'}`,
          goal: '0',
          verdict: verdict(silence.silent.length === 0, String(silence.silent.length)),
          how: "the move read every 200 ms: a repository at a step past the step's bound (STEP_SILENCE_MS, the sweep's and the row's rule, on Ferry's clock) is counted; each step's longest stay with its `updatedAt` unmoved, in real seconds",
        },
        {
          figure: `Move of ${n}: requests per repository, each side`,
          value: `source ${perRepo(source)} (${source} REST and GraphQL, ${sourceGraphql} of them validation); target ${perRepo(allTarget.requests)} GraphQL (${allTarget.requests}, ${allTarget.points} points; ${planTarget.requests} of them the start's pre-flight) + ${perRepo(tally.uploads)} uploads`,
          goal: '—',
          verdict: '—',
          how: `source: the simulator's request counter over the run; target: every GraphQL request the gateway sent, by operation (${byOperation}); the move's own count ${done.requests.target} requests, ${done.requests.targetPoints} points`,
        },
        {
          figure: `Move of ${n}: status polls (GraphQL)`,
          value: `${status.requests} requests, ${status.points} points (${perRepo(status.points)} per repository)`,
          goal: 'one request per look for all running imports',
          verdict: '—',
          how: 'ferryMoveMigrationStates (nodes(ids:), ≤ 100 ids) requests and the points their rateLimit said',
        },
        {
          figure: `Move of ${n}: validation (GraphQL per side)`,
          value: `target ${validation.requests} requests, ${validation.points} points; source ${sourceGraphql} requests`,
          goal: `≤ ${validationGoal} per side (50 per 500)`,
          verdict: verdict(
            validation.requests <= validationGoal && sourceGraphql <= validationGoal,
            `${Math.max(validation.requests, sourceGraphql) - validationGoal}`,
          ),
          how: 'the aliased count query (50 repositories per query) on each side, as each look validates the imports that ended since the last',
        },
      ];
      return rows;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
};
