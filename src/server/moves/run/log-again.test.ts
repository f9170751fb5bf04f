import { describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
import type { MoveStore } from '@/server/store/move-store';
import { advanceMove } from './advance-move';
import type { MoveContext } from './move-context';

const ENDED = '2026-11-20T12:00:00.000Z';

/** A completed move whose only import ended (FAILED) and whose log's first fetch failed (GitHub unavailable). */
function storeOf(): MoveStore & { now(): Move } {
  let move: Move = {
    id: 'm-1',
    createdAt: ENDED,
    updatedAt: ENDED,
    state: 'completed',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    request: {} as Move['request'],
    afterValidation: 'unlock',
    repositories: [
      {
        name: 'docs',
        targetName: 'docs',
        visibility: 'private',
        step: 'failed',
        archive: { file: '/archives/docs.tar.gz', bytes: 3, sha256: 'a'.repeat(64) },
        migration: { id: 'RM_1', state: 'FAILED', endedAt: ENDED, logAttempts: 1, logTriedAt: ENDED },
      },
    ],
    requests: { source: 0, target: 0, targetPoints: 0 },
  };
  return {
    now: () => move,
    list: () => Promise.resolve([move]),
    get: (id) => Promise.resolve(id === move.id ? move : undefined),
    save: (next) => Promise.resolve(void (move = next)),
    update: (id, change) => Promise.resolve(id === move.id ? (move = change(move)) : undefined),
  };
}

function contextOf(moves: MoveStore, at: number, answers: ({ file: string } | { retry: boolean })[]) {
  const asked: string[][] = [];
  const later: number[] = [];
  const context = {
    moves,
    now: () => at,
    log: () => undefined,
    jobs: {
      send: (_queue: string, _data: object, options?: { afterMs?: number }) =>
        Promise.resolve(void later.push(options?.afterMs ?? 0)),
    },
    target: (_move: Move, count: { requests: number; points: number }) => ({
      count,
      ops: {
        migrationStates: (ids: string[]) => {
          asked.push(ids);
          count.requests += 1;
          count.points += 1;
          return Promise.resolve({
            states: new Map([['RM_1', { state: 'FAILED', migrationLogUrl: 'https://logs/RM_1' }]]),
          });
        },
      },
    }),
    saveLog: () => Promise.resolve(answers.shift() ?? { retry: true }),
  } as unknown as MoveContext;
  return { context, asked, later };
}

describe('a migration log whose fetch failed', () => {
  it('is fetched again at a later look, with a fresh URL from one status request, and saved', async () => {
    const moves = storeOf();
    const at = Date.parse(ENDED) + 5 * 60_000;
    const { context, asked } = contextOf(moves, at, [{ retry: true }, { file: '/archives/docs.log' }]);
    await advanceMove(context, 'm-1');
    expect(asked).toEqual([['RM_1']]);
    expect(moves.now().repositories[0]?.migration).toMatchObject({ logAttempts: 2 });
    expect(moves.now().requests.target).toBe(1);
    // The next look within a minute of that try asks nothing; one after it saves the log.
    await advanceMove(contextOf(moves, at + 1_000, []).context, 'm-1');
    const again = contextOf(moves, at + 61_000, [{ file: '/archives/docs.log' }]);
    await advanceMove(again.context, 'm-1');
    expect(moves.now().repositories[0]?.migration?.logFile).toBe('/archives/docs.log');
    expect(asked).toHaveLength(1);
    expect(again.asked).toEqual([['RM_1']]);
  });

  it('gives up after 5 fetches, or at once when GitHub no longer has it; a later look asks nothing', async () => {
    const moves = storeOf();
    let at = Date.parse(ENDED);
    for (let look = 0; look < 6; look++) {
      at += 61_000;
      await advanceMove(contextOf(moves, at, [{ retry: true }]).context, 'm-1');
    }
    expect(moves.now().repositories[0]?.migration).toMatchObject({ logAttempts: 5 });
    expect(moves.now().requests.target).toBe(4);
    const gone = storeOf();
    const first = contextOf(gone, Date.parse(ENDED) + 61_000, [{ retry: false }]);
    await advanceMove(first.context, 'm-1');
    const next = contextOf(gone, Date.parse(ENDED) + 200_000, []);
    await advanceMove(next.context, 'm-1');
    expect(next.asked).toEqual([]);
    expect(next.later).toEqual([]);
  });
});
