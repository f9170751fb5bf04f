import { describe, expect, it } from 'vitest';
import { ShapeError } from '@/contracts/json';
import type { Move } from '@/contracts/move-run';
import { moveActionPath } from './move-queries';
import { parseMove, parseMoveSummaries } from './move-run-answers';

const move = (): Move => ({
  id: 'm-1',
  createdAt: '2026-11-26T20:00:00Z',
  updatedAt: '2026-11-26T20:00:00Z',
  state: 'running',
  source: { kind: 'org', login: 'octo-org' },
  target: { login: 'octo-target' },
  request: {
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    filters: {},
    caps: {},
  } as Move['request'],
  afterValidation: 'unlock',
  repositories: [
    {
      name: 'hello-world',
      targetName: 'hello-world',
      visibility: 'private',
      step: 'failed',
      archive: { file: 'x.tar.gz', bytes: 10, sha256: 'ab' },
      migration: { id: 'RM_1', state: 'SUCCEEDED' },
      validation: {
        result: 'failed',
        differences: [{ field: 'issues', source: 4, archive: 4, target: null }],
      },
      sourceLock: 'locked',
    },
  ],
  requests: { source: 12, target: 4, targetPoints: 4 },
});

/** `move()` with one path replaced by `value`. */
function changed(path: string[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(move())) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1] as string] = value;
  return copy;
}

describe('reading a move at the edge', () => {
  it('reads a move shaped as the contract says', () => {
    expect(parseMove(move()).repositories[0]?.validation?.differences[0]?.target).toBeNull();
  });

  it('reads a running move’s estimate and a trial whose repository was deleted', () => {
    const trial = changed(['trial'], { suffix: '-ferry-trial-abc', keep: false }) as Move;
    trial.estimate = {
      finishAt: '2026-11-28T10:00:00Z',
      low: '2026-11-28T09:50:00Z',
      high: '2026-11-28T10:20:00Z',
      basis: { method: 'finish-pace', finished: 2, remaining: 3, paceMs: 60_000 },
    };
    trial.repositories[0] = { ...trial.repositories[0]!, trialDeleted: true };
    const read = parseMove(trial);
    expect(read.estimate?.basis.paceMs).toBe(60_000);
    expect(read.trial?.suffix).toBe('-ferry-trial-abc');
    expect(read.repositories[0]?.trialDeleted).toBe(true);
  });

  it('reads a move that archives its sources, and a repository archived', () => {
    const archiving = changed(['afterValidation'], 'archive') as Move;
    archiving.repositories[0] = { ...archiving.repositories[0]!, step: 'done', sourceArchived: true };
    expect(parseMove(archiving).repositories[0]?.sourceArchived).toBe(true);
    expect(() => parseMove(changed(['repositories', '0', 'sourceArchived'], 'yes'))).toThrow(ShapeError);
  });

  it.each([
    ['not an object', null],
    ['an array', [move()]],
    ['an unknown state', changed(['state'], 'exploded')],
    ['no repositories', changed(['repositories'], undefined)],
    ['repositories as an object', changed(['repositories'], { 0: {} })],
    ['a repository as a string', changed(['repositories'], ['hello-world'])],
    ['an unknown step', changed(['repositories', '0', 'step'], '<img src=x onerror=alert(1)>')],
    ['a name as a number', changed(['repositories', '0', 'name'], 7)],
    ['validation result unknown', changed(['repositories', '0', 'validation', 'result'], 'maybe')],
    ['differences not a list', changed(['repositories', '0', 'validation', 'differences'], 'issues')],
    [
      'a side value as an object',
      changed(['repositories', '0', 'validation', 'differences', '0', 'source'], { x: 1 }),
    ],
    ['an unknown lock', changed(['repositories', '0', 'sourceLock'], 'open')],
    ['an error as an object', changed(['repositories', '0', 'error'], { message: 'x' })],
    ['requests missing', changed(['requests'], undefined)],
    ['negative requests', changed(['requests', 'source'], -1)],
    ['fractional requests', changed(['requests', 'target'], 1.5)],
    ['an unknown afterValidation', changed(['afterValidation'], 'archived')],
    ['a source without login', changed(['source'], { kind: 'org' })],
    ['an estimate without its end', changed(['estimate'], { low: 'x', high: 'y', basis: {} })],
    [
      'an estimate of an unknown method',
      changed(['estimate'], {
        finishAt: '2026-11-28T10:00:00Z',
        low: '2026-11-28T10:00:00Z',
        high: '2026-11-28T10:00:00Z',
        basis: { method: 'guess', finished: 0, remaining: 1 },
      }),
    ],
    ['a trial without its suffix', changed(['trial'], { keep: false })],
    ['a trial deletion as text', changed(['repositories', '0', 'trialDeleted'], 'yes')],
  ])('refuses %s', (_what, value) => {
    expect(() => parseMove(value)).toThrow(ShapeError);
  });

  it('reads a list of moves and refuses a hostile one', () => {
    const summary = {
      id: 'm-1',
      createdAt: '2026-11-26T20:00:00Z',
      state: 'completed',
      source: 'octo-org',
      target: 'octo-target',
      repositories: 3,
      done: 2,
      failed: 1,
    };
    expect(parseMoveSummaries([summary])).toEqual([summary]);
    expect(parseMoveSummaries([])).toEqual([]);
    expect(() => parseMoveSummaries({ moves: [summary] })).toThrow(ShapeError);
    expect(() => parseMoveSummaries([{ ...summary, done: '2' }])).toThrow(ShapeError);
    expect(() => parseMoveSummaries([{ ...summary, state: 'done' }])).toThrow(ShapeError);
    expect(() => parseMoveSummaries([{ ...summary, source: null }])).toThrow(ShapeError);
  });
});

describe('the route of an action', () => {
  it('names the move and the repository, encoded', () => {
    expect(moveActionPath('m-1', { kind: 'pause' })).toBe('moves/m-1/pause');
    expect(moveActionPath('m-1', { kind: 'abort', repository: 'a/../b?c' })).toBe(
      'moves/m-1/repositories/a%2F..%2Fb%3Fc/abort',
    );
  });
});
