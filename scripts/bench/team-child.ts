/**
 * The team figures, run with DATABASE_URL set (scripts/bench/team.ts starts a throw-away PostgreSQL server when
 * none is given): three gateway processes on one database and one shared ARCHIVE_DIR, live against a standalone
 * simulator. Prints the rows as JSON on its last line. `--smoke`: the same steps on waves of nine and ten
 * repositories, GitHub steps bounded at 5 s. The same first wave runs on one gateway first, for the 1 vs 3 figure.
 */
import pg from 'pg';
import type { Wave } from '@/contracts/waves';
import { buildWavePlan } from '@/testing/wave-factories';
import { postJson, startTeam, type Proc } from '@/testing/team-processes';
import { verdict, type BenchRow } from './types';

const SPEED = 2_000;
const smoke = process.argv.includes('--smoke');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startOf = (count: number, name: string) =>
  startTeam({
    database: `ferry_bench_team_${name}_${process.pid}`,
    speed: SPEED,
    scenario: 'big-org',
    count,
    env: smoke ? { UPSTREAM_TOTAL_MS: '5000' } : {},
  });
const rows: BenchRow[] = [];
const firstWavePlan = () =>
  buildWavePlan(
    smoke
      ? { filters: { namePattern: '*-00?' }, caps: { maxRepos: 5, concurrency: 4 } }
      : { caps: { concurrency: 4 } },
  );

/** From a job being due to a worker taking it, over the wave jobs of a run (pg-boss's own times, one clock). */
async function pickUp(client: pg.Client): Promise<{ p50: number; p95: number; jobs: number }> {
  const { rows: found } = await client.query<{ p50: number; p95: number; jobs: number }>(
    `SELECT coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY waited), 0)::float8 AS p50,
            coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY waited), 0)::float8 AS p95,
            count(*)::int AS jobs
       FROM (SELECT extract(epoch FROM started_on - greatest(created_on, start_after)) * 1000 AS waited
               FROM pgboss.job WHERE started_on IS NOT NULL AND name LIKE 'wave-%') AS jobs`,
  );
  return found[0]!;
}

// The same wave on one gateway first: the team's time is judged against it.
const alone = await startOf(1, 'one');
let aloneSeconds = Number.NaN;
let alonePickUp = { p50: Number.NaN, p95: Number.NaN, jobs: 0 };
try {
  const client = new pg.Client({ connectionString: alone.database.url });
  await client.connect();
  try {
    const started = performance.now();
    const response = await postJson(`${alone.gateways[0]!.url}/api/waves`, firstWavePlan());
    if (response.status !== 201) throw new Error(`creating a wave: HTTP ${response.status}`);
    const { id } = (await response.json()) as Wave;
    for (;;) {
      const wave = (await (await fetch(`${alone.gateways[0]!.url}/api/waves/${id}`)).json()) as Wave;
      if (wave.state === 'completed' || wave.state === 'cancelled') break;
      if (performance.now() - started > 300_000) throw new Error(`wave ${id} on one gateway: ${wave.state}`);
      await pause(250);
    }
    aloneSeconds = (performance.now() - started) / 1000;
    alonePickUp = await pickUp(client);
  } finally {
    await client.end().catch(() => undefined);
  }
} finally {
  await alone.stop();
}

const team = await startOf(3, 'three');
const { sim, gateways, database } = team;
const sql = new pg.Client({ connectionString: database.url });

const counted = async () =>
  ((await (await fetch(`${sim.url}/__sim/state`)).json()) as { stats: { counted: number } }).stats.counted;
async function createWave(gateway: Proc, plan: unknown): Promise<Wave> {
  const response = await postJson(`${gateway.url}/api/waves`, plan);
  if (response.status !== 201)
    throw new Error(`creating a wave: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Wave;
}
const waveOn = async (gateway: Proc, id: string) =>
  (await (await fetch(`${gateway.url}/api/waves/${id}`)).json()) as Wave;
async function finished(gateway: Proc, id: string, timeoutMs: number): Promise<Wave> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const wave = await waveOn(gateway, id);
    if (wave.state === 'completed' || wave.state === 'cancelled') return wave;
    if (Date.now() > deadline) throw new Error(`wave ${id} not finished: ${wave.state}`);
    await pause(250);
  }
}

try {
  await sql.connect();
  const [a, b, c] = gateways as [Proc, Proc, Proc];

  // A wave of 500 created on one gateway, run by three.
  const before = await counted();
  const started = performance.now();
  const created = await createWave(a, firstWavePlan());
  const done = await finished(b, created.id, 300_000);
  const seconds = (performance.now() - started) / 1000;
  const requests = (await counted()) - before;
  const attempts = done.batches.reduce((total, batch) => total + batch.attempts, 0);
  const size = created.batches.reduce((total, batch) => total + batch.repos.length, 0);
  rows.push({
    figure: `Wave of ${size} with 3 gateway processes on PostgreSQL: wall time, requests, exports`,
    value: `${seconds.toFixed(1)} s; ${requests} requests counted; ${done.startsSent} exports started for ${attempts} batch attempts (${done.batches.length} batches, ${done.isolated.length} isolated)`,
    goal: 'every export once',
    verdict: verdict(done.state === 'completed' && done.startsSent === attempts),
    how: `three \`npm start\` processes, one database (PostgreSQL ${(await sql.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v}), one ARCHIVE_DIR; standalone simulator big-org at SIM_SPEED=${SPEED}; created on one, watched on another`,
  });
  const teamPickUp = await pickUp(sql);
  rows.push({
    figure: `The same wave on 1 vs 3 gateways: wall time; job due → taken (p50 / p95)`,
    value: `1: ${aloneSeconds.toFixed(1)} s, ${alonePickUp.p50.toFixed(0)} / ${alonePickUp.p95.toFixed(0)} ms (${alonePickUp.jobs} jobs); 3: ${seconds.toFixed(1)} s, ${teamPickUp.p50.toFixed(0)} / ${teamPickUp.p95.toFixed(0)} ms (${teamPickUp.jobs} jobs)`,
    goal: 'informational: one account’s writes stay a second apart across the team (write_pace), so 3 gateways gain only the waiting that is not GitHub’s',
    verdict: 'measured',
    how: 'pg-boss’s started_on − max(created_on, start_after) over the wave-* jobs of each run; the one-gateway run first, on a database of its own',
  });

  // Failover: kill -9 of the gateway that created a wave, mid-wave.
  const second = await createWave(
    a,
    buildWavePlan({
      filters: { namePattern: smoke ? '*-02?' : '*-2??' },
      caps: { maxRepos: smoke ? 3 : 10, concurrency: 3 },
    }),
  );
  while (!(await waveOn(b, second.id)).batches.some((batch) => batch.state === 'exporting')) await pause(50);
  a.child.kill('SIGKILL');
  const killedAt = (await sql.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
  const killed = performance.now();
  let nextJobMs: number | undefined;
  let backMs: number | undefined;
  while (backMs === undefined && performance.now() - killed < 300_000) {
    const { rows: state } = await sql.query<{ after: number; before: number }>(
      `SELECT count(*) FILTER (WHERE started_on > $1)::int AS after,
              count(*) FILTER (WHERE state = 'active' AND started_on <= $1)::int AS before
         FROM pgboss.job`,
      [killedAt],
    );
    if (nextJobMs === undefined && state[0]!.after > 0) nextJobMs = performance.now() - killed;
    if (state[0]!.before === 0) backMs = performance.now() - killed;
    await pause(100);
  }
  const survived = await finished(c, second.id, 300_000);
  rows.push({
    figure: 'Failover: kill -9 of a gateway mid-wave → next job taken by another / its jobs in hand back',
    value: `${((nextJobMs ?? NaN) / 1000).toFixed(1)} s / ${((backMs ?? NaN) / 1000).toFixed(1)} s; the wave ${survived.state} on the others`,
    goal: '≤ 30 s (next job)',
    verdict: verdict(nextJobMs !== undefined && nextJobMs <= 30_000 && survived.state === 'completed'),
    how: 'pgboss.job read on the database: the first job started after the kill, and the moment no job started before it is still active (a dead gateway’s jobs come back when their lease lapses: not renewed for 15 s, src/server/jobs/job-leases.ts)',
  });
} catch (error) {
  for (const proc of gateways) process.stderr.write(`${proc.url}:\n${proc.output().slice(-3_000)}\n`);
  rows.push({
    figure: 'Team of gateways',
    value: 'error',
    goal: '—',
    verdict: 'not measured',
    how: error instanceof Error ? error.message : String(error),
  });
} finally {
  await sql.end().catch(() => undefined);
  await team.stop();
}
console.log(JSON.stringify(rows));
process.exit(0);
