import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move, MoveManifestRow, MoveSummary } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { TARGET_ORG } from '@/simulator/target/seed';

/**
 * A move of octo-org repositories into octo-target over the gateway as composed, on the embedded simulator with
 * its clock frozen and moved by the test (as the advance control does): export (a wave's batches of one), upload,
 * start, status, validation, unlock — and the counts each side's simulator kept.
 */
let dir: string;
let test: TestStore;
let gateway: Gateway;
const ORIGIN = 'http://localhost:5180';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-move-run-'));
  test = await openTestStore();
  gateway = composeGateway(loadConfig({ SIM_SPEED: '0', WAVE_CHECK_MAX_MS: '200' }), {
    store: test.store,
    archiveDir: dir,
    watch: false,
    controlAccess: 'any',
    moves: { pollMs: { min: 50, max: 200 }, exportLookMs: 50 },
  });
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
});

function call(
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return gateway.app.request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const simulator = () => {
  if (!gateway.simulator) throw new Error('no simulator');
  return gateway.simulator;
};
/** The target account's points this simulated hour (its own requests; imports' charges are apart). */
const targetPoints = () => simulator().target.world.state().points.get('octocat')?.[1] ?? 0;
const targetHour = () => simulator().target.world.state().points.get('octocat')?.[0];

/** Move the simulated clock while the move runs (5 simulated seconds every 25 ms), until `done` says so. */
async function runUntil(id: string, done: (move: Move) => boolean, timeoutMs = 45_000): Promise<Move> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const move = (await (await call(`/api/moves/${id}`)).json()) as Move;
    if (done(move)) return move;
    if (Date.now() > deadline)
      throw new Error(
        `move ${id} did not get there: ${JSON.stringify(move.repositories.map((r) => [r.name, r.step, r.error]))}`,
      );
    simulator().advance(5);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ended = (move: Move) => move.state !== 'running' && move.state !== 'paused';
const PLAN = {
  source: { kind: 'org', login: 'octo-org' },
  target: { login: TARGET_ORG },
  filters: { namePattern: 'hello-world docs cli-tools' },
};

async function reset(quirks?: { lossyRepositories: string[] }) {
  const answer = await call('/__sim/reset', {
    method: 'POST',
    body: {},
    headers: { 'x-ferry-sim-intent': 'reset' },
  });
  expect(answer.status).toBe(200);
  if (quirks) {
    const set = await call('/__sim/faults/target/quirks', {
      method: 'POST',
      body: quirks,
      headers: { 'x-ferry-sim-intent': 'faults' },
    });
    expect(set.status).toBe(200);
  }
}

describe('a move runs (octo-org → octo-target)', () => {
  it('ends completed: every repository imported once, validated, its source unlocked; requests counted as each side counted them', async () => {
    await reset();
    // The plan page previews first (its listing is kept): the start then lists nothing again on the source.
    expect((await call('/api/moves/preview', { method: 'POST', body: PLAN })).status).toBe(200);
    const sourceBefore = simulator().github().stats.requests;
    const pointsBefore = targetPoints();
    const hour = targetHour();

    const created = await call('/api/moves', { method: 'POST', body: PLAN });
    expect(created.status).toBe(201);
    const started = (await created.json()) as Move;
    expect(started.repositories.map((repo) => repo.name).sort()).toEqual([
      'cli-tools',
      'docs',
      'hello-world',
    ]);
    expect(started.waveId).toBeDefined();

    const move = await runUntil(started.id, ended);
    expect(move.state).toBe('completed');
    for (const repo of move.repositories) {
      expect(repo).toMatchObject({ step: 'done', sourceLock: 'unlocked', validation: { result: 'passed' } });
      expect(repo.migration).toMatchObject({ state: 'SUCCEEDED' });
      expect(repo.archive?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    // Exactly one migration per repository on the target.
    const migrations = simulator().target.world.state().migrations;
    expect(migrations.map((migration) => migration.repositoryName).sort()).toEqual([
      'cli-tools',
      'docs',
      'hello-world',
    ]);
    // The source unlocked: no export the move made still locks a repository.
    const exports = [...simulator().github().migrations.migrations.values()];
    expect(exports).toHaveLength(3);
    expect(exports.every((exported) => exported.locked.size === 0)).toBe(true);

    // Counted requests per side equal what the simulator counted.
    expect(targetHour()).toBe(hour);
    expect(move.requests.targetPoints).toBe(targetPoints() - pointsBefore);
    expect(move.requests.source).toBe(simulator().github().stats.requests - sourceBefore);
    console.info(
      `move of 3: source ${move.requests.source} requests (${move.requests.sourceGraphql ?? 0} GraphQL), target ${move.requests.target} GraphQL requests, ${move.requests.targetPoints} points`,
    );

    const list = (await (await call('/api/moves')).json()) as MoveSummary[];
    expect(list.find((summary) => summary.id === move.id)).toMatchObject({
      state: 'completed',
      done: 3,
      failed: 0,
    });
    const manifest = (await (await call(`/api/moves/${move.id}/manifest`)).json()) as MoveManifestRow[];
    expect(manifest).toHaveLength(3);
    expect(
      manifest.every(
        (row) => row.validation === 'passed' && row.sourceLock === 'unlocked' && row.migrationId,
      ),
    ).toBe(true);
    const csv = await call(`/api/moves/${move.id}/manifest.csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'repository,target_repository,step,archive_sha256,migration_id,log_file,validation,source_lock',
    );
  }, 60_000);
});
