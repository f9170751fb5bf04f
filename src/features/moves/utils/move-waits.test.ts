import { describe, expect, it } from 'vitest';
import {
  PENDING_VALIDATION_HANG_MS,
  isStuckImport,
  type Move,
  type MoveRepository,
} from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { repositoryWaits } from './move-waits';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const repo = (name: string, change: Partial<MoveRepository>) =>
  buildMoveRepository(name, { updatedAt: ago(0), ...change });
const moveOf = (repositories: MoveRepository[], state: Move['state'] = 'running') =>
  buildMove(repositories, { createdAt: ago(0), state });

describe('what each repository of a running move waits for', () => {
  it('GitHub’s queue of 5 imports, in the order the starts were sent', () => {
    const importing = [1, 2, 3, 4, 5].map((n) => repo(`i${n}`, { step: 'importing' }));
    const second = repo('late', { step: 'queued', migration: { startRequestedAt: ago(10_000) } });
    const first = repo('early', { step: 'queued', migration: { startRequestedAt: ago(20_000) } });
    const waits = repositoryWaits(moveOf([...importing, second, first]), NOW);
    expect(waits.get('early')?.text).toBe(
      'Waiting for one of GitHub’s 5 imports at once per organization (5 of this move’s running)',
    );
    expect(waits.get('late')?.text).toMatch(/\(5 of this move’s running, 1 queued before it\)$/);
    expect(waits.has('i1')).toBe(false);
  });

  it('the account’s pace for starts not yet sent: the next one says nothing, the others how many go first', () => {
    const waits = repositoryWaits(
      moveOf([
        repo('b', { step: 'uploaded', updatedAt: ago(1_000) }),
        repo('a', { step: 'uploaded', updatedAt: ago(2_000) }),
        repo('c', { step: 'uploaded', updatedAt: ago(500) }),
      ]),
      NOW,
    );
    expect(waits.has('a')).toBe(false);
    expect(waits.get('b')?.text).toBe(
      'Waiting for its start: the target account’s writes go one a second (1 before it)',
    );
    expect(waits.get('c')?.text).toMatch(/\(2 before it\)$/);
  });

  it('a validation held by a look for a minute says when another gateway may take it over', () => {
    const held = repo('v', { step: 'validating', validationClaim: { job: 'j', at: ago(90_000) } });
    const fresh = repo('w', { step: 'validating', validationClaim: { job: 'j', at: ago(5_000) } });
    const waits = repositoryWaits(moveOf([held, fresh]), NOW);
    expect(waits.get('v')?.text).toMatch(
      /^Validated by a gateway’s look since .+; if that gateway stopped, another takes it over at .+$/,
    );
    expect(waits.has('w')).toBe(false);
  });

  it('an import in PENDING_VALIDATION past half an hour is GitHub’s known hang: the way out is the user’s', () => {
    const pending = (name: string, forMs: number) =>
      repo(name, {
        step: 'importing',
        migration: { id: name, state: 'PENDING_VALIDATION' },
        updatedAt: ago(forMs),
      });
    const hung = pending('hung', 35 * 60_000);
    const young = pending('young', PENDING_VALIDATION_HANG_MS - 1_000);
    const waits = repositoryWaits(moveOf([hung, young]), NOW);
    expect(waits.get('hung')).toEqual({
      text: 'GitHub has held this import at PENDING_VALIDATION for 35 min 00 s: a known hang of GitHub’s importer (gh-gei#1296) that seldom ends by itself. Abort it, then Retry.',
      actionable: true,
    });
    expect(waits.has('young')).toBe(false);
    // "Abort all stuck" takes it too, long before the step's 6-hour silence.
    expect(isStuckImport(hung, NOW)).toBe(true);
    expect(isStuckImport(young, NOW)).toBe(false);
  });

  it('a move not running waits for nothing', () => {
    const queued = repo('q', { step: 'queued' });
    expect(repositoryWaits(moveOf([queued], 'paused'), NOW).size).toBe(0);
  });
});
