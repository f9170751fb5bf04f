import { describe, expect, it } from 'vitest';
import type { Move, MoveSummary } from '@/contracts/move-run';
import type { MovePreview } from '@/contracts/moves';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { composedQuietGateway } from '@/testing/composed-gateway';

/**
 * A trial move (issue 49) over the gateway as composed, on the frozen embedded simulator moved by the test: the
 * sources are never locked, each repository lands under its trial name, is validated like a real move, its log
 * saved, then deleted from the target — and the real names stay free for the move.
 */
const held = composedQuietGateway('ferry-trial-move-', {
  pollMs: { min: 50, max: 200 },
  exportLookMs: 50,
});
const ORIGIN = 'http://localhost:5180';

function call(
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return held.gateway.app.request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const simulator = () => held.gateway.simulator!;
const PLAN = {
  source: { kind: 'org', login: 'octo-org' },
  target: { login: TARGET_ORG },
  filters: { namePattern: 'hello-*' },
};

async function runUntilEnded(id: string): Promise<Move> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const move = (await (await call(`/api/moves/${id}`)).json()) as Move;
    if (move.state !== 'running' && move.state !== 'paused') return move;
    if (Date.now() > deadline)
      throw new Error(`trial ${id} did not end: ${JSON.stringify(move.repositories)}`);
    simulator().advance(5);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Every export the source simulator holds: asked to lock, or still holding a lock. */
const locking = () =>
  [...simulator().github().migrations.migrations.values()].filter(
    (exported) => exported.options.lock_repositories || exported.locked.size > 0,
  );

describe('a trial move (octo-org → octo-target)', () => {
  it('never locks a source, validates each under its trial name, deletes it, and leaves the real names free', async () => {
    const created = await call('/api/moves', { method: 'POST', body: { ...PLAN, trial: true } });
    expect(created.status).toBe(201);
    const started = (await created.json()) as Move;
    expect(started.trial?.keep).toBe(false);
    expect(started.trial?.suffix).toMatch(/^-ferry-trial-[0-9a-f]{8}$/);
    expect(started.id.endsWith(started.trial!.suffix.slice('-ferry-trial-'.length))).toBe(true);
    expect(started.repositories.length).toBeGreaterThan(0);
    for (const repo of started.repositories)
      expect(repo.targetName).toBe(`${repo.name}${started.trial!.suffix}`);

    const move = await runUntilEnded(started.id);
    expect(move.state).toBe('completed');
    for (const repo of move.repositories) {
      expect(repo).toMatchObject({ step: 'done', validation: { result: 'passed' }, trialDeleted: true });
      expect(repo.sourceLock).toBeUndefined();
      expect(repo.migration?.logFile).toMatch(/\.migration-log\.txt$/);
    }
    // The source: exported without a lock (nothing to unlock, nothing archived).
    expect(simulator().github().migrations.migrations.size).toBe(move.repositories.length);
    expect(locking()).toEqual([]);
    // The target: each imported once under its trial name, and gone again.
    const imported = simulator()
      .target.world.state()
      .migrations.map((migration) => migration.repositoryName);
    expect(imported.sort()).toEqual(move.repositories.map((repo) => repo.targetName).sort());
    for (const repo of move.repositories) {
      const answer = await simulator().fetch(
        new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/${repo.targetName}`, {
          headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}` },
        }),
      );
      expect(answer.status).toBe(404);
    }
    // The list says it was a trial.
    const list = (await (await call('/api/moves')).json()) as MoveSummary[];
    expect(list.find((summary) => summary.id === move.id)?.trial).toBe(true);

    // A preview right after: every real name still free.
    const preview = (await (
      await call('/api/moves/preview', { method: 'POST', body: PLAN })
    ).json()) as MovePreview;
    expect(preview.repositories.length).toBe(move.repositories.length);
    for (const repo of preview.repositories)
      expect(repo.checks.find((check) => check.check === 'target-name-free')).toMatchObject({ ok: true });
  });

  it('refuses a trial flag that is not true or false, keepTrial without a trial, and a trial that archives', async () => {
    for (const body of [
      { ...PLAN, trial: 'yes' },
      { ...PLAN, trial: 1e308 },
      { ...PLAN, keepTrial: true },
      { ...PLAN, trial: true, keepTrial: '\u0000' },
      { ...PLAN, trial: true, afterValidation: 'archive' },
    ]) {
      const answer = await call('/api/moves', { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(((await answer.json()) as { message: string }).message).toMatch(/trial/i);
    }
  });
});
