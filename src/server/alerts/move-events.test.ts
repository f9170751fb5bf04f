import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { alertBody } from './alert-payload';
import { moveEvents } from './move-events';

const at = new Date('2026-11-26T10:00:00Z');

const repo = (
  name: string,
  step: MoveRepository['step'],
  more: Partial<MoveRepository> = {},
): MoveRepository => ({
  name,
  targetName: name,
  visibility: 'private',
  step,
  ...more,
});

const move = (repositories: MoveRepository[], more: Partial<Move> = {}) =>
  ({
    id: '2026-11-26-0a1b2c3d',
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:30:00.000Z',
    state: 'running',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    afterValidation: 'unlock',
    repositories,
    requests: { source: 0, target: 0, targetPoints: 0 },
    ...more,
  }) as Move;

describe('move alert events', () => {
  it('tell a repository done, once, with the source’s lock and the move’s page', () => {
    const before = move([repo('docs', 'validating'), repo('cli', 'importing')]);
    const after = move([repo('docs', 'done', { sourceLock: 'unlocked' }), repo('cli', 'importing')]);
    const events = moveEvents(before, after, at);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'move-repository-done',
        key: 'move:2026-11-26-0a1b2c3d:docs:done',
        path: '/moves/2026-11-26-0a1b2c3d',
        summary: 'octo-org/docs moved into octo-target/docs: imported and validated; the source is unlocked.',
      }),
    ]);
    expect(moveEvents(after, after, at)).toEqual([]);
    const kept = moveEvents(before, move([repo('docs', 'done'), repo('cli', 'importing')]), at);
    expect(kept[0]!.summary).toContain('left locked, as chosen');
  });

  it('tell a repository failed with GitHub’s reason, and again after a retry fails again', () => {
    const before = move([repo('docs', 'importing')]);
    const failed = (updatedAt: string) =>
      move([
        repo('docs', 'failed', {
          error: 'GitHub says: The repository could not be imported: archive is corrupt',
          updatedAt,
        }),
      ]);
    const [event] = moveEvents(before, failed('2026-11-26T09:40:00.000Z'), at);
    expect(event).toMatchObject({
      kind: 'move-repository-failed',
      summary:
        'The move of octo-org/docs into octo-target/docs failed: GitHub says: The repository could not be imported: archive is corrupt',
      data: { repository: 'docs', step: 'failed' },
    });
    const [again] = moveEvents(before, failed('2026-11-26T09:50:00.000Z'), at);
    expect(again!.key).not.toBe(event!.key);
    // A failure already seen (a write that changed something else) tells nothing.
    expect(moveEvents(failed('x'), failed('x'), at)).toEqual([]);
  });

  it('tell a repository that does not validate with its differing fields, apart from a failure', () => {
    const differences = [
      { field: 'branches', source: 3, archive: 3, target: 2 },
      { field: 'headOid', source: 'a'.repeat(40), archive: 'a'.repeat(40), target: null },
    ] as const;
    const after = move([
      repo('docs', 'failed', {
        validation: { result: 'failed', differences: [...differences] },
        error: 'Validation found differences: the source stays locked.',
      }),
    ]);
    const [event] = moveEvents(move([repo('docs', 'validating')]), after, at);
    expect(event!.kind).toBe('move-repository-invalid');
    expect(event!.summary).toBe(
      `octo-target/docs does not match octo-org/docs: branches (source 3, archive 3, target 2); headOid (source ${'a'.repeat(40)}, archive ${'a'.repeat(40)}, target none). The source stays locked.`,
    );
    expect(event!.data.differences).toEqual(differences);
    // Many differences: the first five named, the rest counted.
    const many = Array.from({ length: 8 }, (_, i) => ({ field: 'tags', source: i, archive: i, target: 0 }));
    const [long] = moveEvents(
      move([repo('docs', 'validating')]),
      move([repo('docs', 'failed', { validation: { result: 'failed', differences: many } as never })]),
      at,
    );
    expect(long!.summary).toContain('and 3 more');
  });

  it('tell the move finished with its counts, stopped with its reason, or cancelled — once each', () => {
    const before = move([repo('a', 'validating'), repo('b', 'failed', { error: 'x' }), repo('c', 'done')]);
    const done = move([repo('a', 'done'), repo('b', 'failed', { error: 'x' }), repo('c', 'done')], {
      state: 'completed',
      updatedAt: '2026-11-26T09:59:00.000Z',
    });
    const events = moveEvents(before, done, at);
    expect(events.map((event) => event.kind)).toEqual(['move-repository-done', 'move-finished']);
    expect(events[1]).toMatchObject({
      key: 'move:2026-11-26-0a1b2c3d:completed:2026-11-26T09:59:00.000Z',
      summary: 'The move of octo-org into octo-target finished: 2 of 3 repositories done, 1 failed.',
      data: { done: 2, failed: 1, repositories: 3, state: 'completed' },
    });
    expect(moveEvents(done, done, at)).toEqual([]);

    const stopped = moveEvents(
      before,
      { ...before, state: 'failed', error: 'GitHub refused the target credential: Bad credentials' },
      at,
    );
    expect(stopped[0]!.summary).toBe(
      'The move of octo-org into octo-target stopped: GitHub refused the target credential: Bad credentials (1 of 3 repositories done, 1 failed).',
    );
    expect(moveEvents(before, { ...before, state: 'cancelled' }, at)[0]!.summary).toContain('was cancelled');
    // Paused is not an end.
    expect(moveEvents(before, { ...before, state: 'paused' }, at)).toEqual([]);
  });

  it('clip a long reason, and link the move under the public address', () => {
    const after = move([repo('docs', 'failed', { error: 'x'.repeat(5_000) })]);
    const [event] = moveEvents(move([repo('docs', 'uploading')]), after, at);
    expect(event!.summary.length).toBeLessThan(700);
    const body = JSON.parse(alertBody('webhook', 'd-1', event!, 'https://ferry.example/tools')) as {
      link: string;
      title: string;
    };
    expect(body.link).toBe('https://ferry.example/tools/moves/2026-11-26-0a1b2c3d');
    expect(body.title).toBe('A moved repository failed');
  });
});
