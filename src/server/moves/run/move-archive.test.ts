import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import type { RepositoryValidation } from '@/contracts/moves-validation';
import { applyMoveEvent, moveActions, type MoveEvent } from './move-machine';

/** `afterValidation: 'archive'`: unlocked first (GitHub refuses changes to a locked repository), then archived. */
const AT = '2026-11-20T12:00:00.000Z';
const LATER = '2026-11-20T12:05:00.000Z';
const PASSED: RepositoryValidation = { result: 'passed', differences: [] };
const FAILED: RepositoryValidation = {
  result: 'failed',
  differences: [{ field: 'tags', source: 2, archive: 2, target: 1 }],
};

function validating(afterValidation: Move['afterValidation'], change: Partial<MoveRepository> = {}): Move {
  return {
    id: 'm-1',
    createdAt: AT,
    updatedAt: AT,
    state: 'running',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    request: { afterValidation } as Move['request'],
    afterValidation,
    waveId: 'w-1',
    repositories: [
      {
        name: 'a',
        targetName: 'a',
        visibility: 'private',
        step: 'validating',
        sourceLock: 'locked',
        migration: { id: 'RM_1', state: 'SUCCEEDED' },
        ...change,
      },
    ],
    requests: { source: 0, target: 0, targetPoints: 0 },
  };
}

const apply = (m: Move, ...events: MoveEvent[]) =>
  events.reduce((next, e) => applyMoveEvent(next, e, LATER), m);
const a = (m: Move) => m.repositories[0];

describe('the move machine: archive the source after validation', () => {
  it('passed → unlock owed, then archive owed, then done (unlocked and archived); the move completes', () => {
    const passed = apply(validating('archive'), { type: 'validated', name: 'a', validation: PASSED });
    expect(a(passed)?.step).toBe('validating');
    expect(moveActions(passed)).toMatchObject({ unlock: ['a'], archive: [] });
    const unlocked = apply(passed, { type: 'source-unlocked', name: 'a' });
    // Unlocked but not archived yet: not done (a gateway killed here archives it on the next look).
    expect(a(unlocked)).toMatchObject({ step: 'validating', sourceLock: 'unlocked' });
    expect(a(unlocked)?.sourceArchived).toBeUndefined();
    expect(moveActions(unlocked)).toMatchObject({ unlock: [], archive: ['a'] });
    expect(unlocked.state).toBe('running');
    const archived = apply(unlocked, { type: 'source-archived', name: 'a' });
    expect(a(archived)).toMatchObject({ step: 'done', sourceLock: 'unlocked', sourceArchived: true });
    expect(moveActions(archived).archive).toEqual([]);
    expect(archived.state).toBe('completed');
    // Confirmed twice (two gateways' looks): nothing changes.
    expect(apply(archived, { type: 'source-archived', name: 'a' })).toBe(archived);
  });

  it('an archive confirmation before the unlock is not taken (the unlock comes first)', () => {
    const passed = apply(validating('archive'), { type: 'validated', name: 'a', validation: PASSED });
    const early = apply(passed, { type: 'source-archived', name: 'a' });
    expect(early).toBe(passed);
  });

  it('failed validation → failed, the source locked and not archived, nothing owed', () => {
    const failed = apply(validating('archive'), { type: 'validated', name: 'a', validation: FAILED });
    expect(a(failed)).toMatchObject({ step: 'failed', sourceLock: 'locked' });
    expect(moveActions(failed)).toMatchObject({ unlock: [], archive: [] });
  });

  it('unlock and keep-locked never archive', () => {
    for (const choice of ['unlock', 'keep-locked'] as const) {
      const passed = apply(validating(choice), { type: 'validated', name: 'a', validation: PASSED });
      const after = apply(passed, { type: 'source-unlocked', name: 'a' });
      expect(a(after)?.step).toBe('done');
      expect(moveActions(after).archive).toEqual([]);
    }
  });

  it('a failed move archives nothing more; a retried repository validated again owes the archive again', () => {
    const unlocked = apply(
      validating('archive'),
      { type: 'validated', name: 'a', validation: PASSED },
      { type: 'source-unlocked', name: 'a' },
    );
    expect(moveActions({ ...unlocked, state: 'failed' }).archive).toEqual([]);
    const refused = apply(unlocked, {
      type: 'repository-failed',
      name: 'a',
      error: 'The source could not be archived: GitHub says: Must have admin rights to Repository.',
    });
    expect(a(refused)?.step).toBe('failed');
    const again = apply(
      refused,
      { type: 'retry', name: 'a' },
      { type: 'validated', name: 'a', validation: PASSED },
    );
    expect(moveActions(again)).toMatchObject({ unlock: [], archive: ['a'] });
  });
});
