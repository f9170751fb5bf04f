/**
 * The team figures, run with DATABASE_URL set (scripts/bench/team.ts starts a throw-away PostgreSQL server when
 * none is given): three gateway processes on one database and one shared ARCHIVE_DIR, live against a standalone
 * simulator. Prints the rows as JSON on its last line. `--smoke`: the same steps on waves of nine and ten
 * repositories, and GitHub steps bounded at 5 s so a dead gateway's job comes back after 35 s instead of 90 s.
 */
import pg from 'pg';
import type { Wave } from '@/contracts/waves';
import { buildWavePlan } from '@/testing/wave-factories';
import { postJson, startTeam, type Proc } from '@/testing/team-processes';
import { verdict, type BenchRow } from './types';

const SPEED = 2_000;
const smoke = process.argv.includes('--smoke');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const team = await startTeam({
  database: `ferry_bench_team_${process.pid}`,
  speed: SPEED,
  scenario: 'big-org',
  env: smoke ? { UPSTREAM_TOTAL_MS: '5000' } : {},
});
const { sim, gateways, database } = team;
const sql = new pg.Client({ connectionString: database.url });
const rows: BenchRow[] = [];

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
  const created = await createWave(
    a,
    buildWavePlan(
      smoke
        ? { filters: { namePattern: '*-00?' }, caps: { maxRepos: 5, concurrency: 4 } }
        : { caps: { concurrency: 4 } },
    ),
  );
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
    how: 'pgboss.job read on the database: the first job started after the kill, and the moment no job started before it is still active (a dead gateway’s job comes back at its expiry: UPSTREAM_TOTAL_MS + 30 s, 90 s by default)',
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
