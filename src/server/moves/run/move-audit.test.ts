import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { moveAuditEntries } from './move-audit';

const repo = buildMoveRepository;
const move = (repositories: MoveRepository[], change: Partial<Move> = {}) =>
  buildMove(repositories, { id: 'm-1', ...change });

const actions = (before: Move, after: Move) =>
  moveAuditEntries(before, after).map((entry) => `${entry.action} ${entry.target} ${entry.outcome}`);

describe('what a move’s jobs did, for the audit log', () => {
  it('records each write on GitHub once, on the change that made it', () => {
    const waiting = move([repo('docs'), repo('a b')]);
    const exporting = move([repo('docs', { step: 'exporting' }), repo('a b')]);
    expect(actions(waiting, exporting)).toEqual([
      'JOB move export-started /api/moves/m-1/repositories/docs ok',
    ]);
    // The same change again (another look wrote nothing new): nothing.
    expect(actions(exporting, exporting)).toEqual([]);
    const started = move([repo('docs', { step: 'queued', migration: { id: 'RM_1' } }), repo('a b')]);
    expect(actions(exporting, started)).toEqual([
      'JOB move import-started /api/moves/m-1/repositories/docs ok',
    ]);
    const unlocked = move([
      repo('docs', { step: 'done', migration: { id: 'RM_1' }, sourceLock: 'unlocked', sourceArchived: true }),
      repo('a b', { step: 'failed', error: 'lossy' }),
    ]);
    expect(actions(started, unlocked)).toEqual([
      'JOB move source-unlocked /api/moves/m-1/repositories/docs ok',
      'JOB move source-archived /api/moves/m-1/repositories/docs ok',
      'JOB move repository-done /api/moves/m-1/repositories/docs ok',
      'JOB move repository-failed /api/moves/m-1/repositories/a%20b failed',
    ]);
  });

  it('records a trial’s deletion and the move’s end, but not a cancel (the person’s write, recorded by its route)', () => {
    const running = move([repo('docs', { step: 'done' })]);
    const deleted = move([repo('docs', { step: 'done', trialDeleted: true })], { state: 'completed' });
    expect(actions(running, deleted)).toEqual([
      'JOB move trial-deleted /api/moves/m-1/repositories/docs ok',
      'JOB move ended /api/moves/m-1 ok',
    ]);
    expect(actions(running, move(running.repositories, { state: 'failed' }))).toEqual([
      'JOB move ended /api/moves/m-1 failed',
    ]);
    expect(actions(running, move(running.repositories, { state: 'cancelled' }))).toEqual([]);
  });
});
