import { describe, expect, it } from 'vitest';
import type { MoveRepository } from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { HIDDEN_POLL_MS, listPollInterval, movePollInterval, VISIBLE_POLL_MS } from './move-polling';

const moveIn = (state: 'running' | 'paused' | 'completed' | 'failed' | 'cancelled') =>
  buildMove([], { state });

describe('how often a move is read', () => {
  it('polls a running or paused move, slower in a hidden tab', () => {
    expect(movePollInterval(moveIn('running'), false)).toBe(VISIBLE_POLL_MS);
    expect(movePollInterval(moveIn('paused'), false)).toBe(VISIBLE_POLL_MS);
    expect(movePollInterval(moveIn('running'), true)).toBe(HIDDEN_POLL_MS);
    expect(HIDDEN_POLL_MS).toBeGreaterThan(VISIBLE_POLL_MS);
  });

  it('stops at an end, and before the move is known', () => {
    for (const state of ['completed', 'failed', 'cancelled'] as const) {
      expect(movePollInterval(moveIn(state), false)).toBe(false);
      expect(movePollInterval(moveIn(state), true)).toBe(false);
    }
    expect(movePollInterval(undefined, false)).toBe(false);
  });

  it('keeps reading an ended move until the sources it unlocks are unlocked', () => {
    // CI saw "Unlock anyway" answered before the unlock was done, and the page stop at "Unlocking" for good.
    const asked = buildMoveRepository('a', { step: 'failed', sourceLock: 'locked', unlockAsked: true });
    expect(movePollInterval(buildMove([asked], { state: 'failed' }), false)).toBe(VISIBLE_POLL_MS);
    const cancelled = buildMoveRepository('b', { step: 'cancelled', sourceLock: 'locked' });
    expect(movePollInterval(buildMove([cancelled], { state: 'cancelled' }), true)).toBe(HIDDEN_POLL_MS);
    // A cancel that kept its sources locked, or a lossy import kept locked by design, will not change.
    expect(
      movePollInterval(buildMove([cancelled], { state: 'cancelled', afterCancel: 'keep-locked' }), false),
    ).toBe(false);
    const lossy = buildMoveRepository('c', {
      step: 'cancelled',
      sourceLock: 'locked',
      validation: { result: 'failed' } as MoveRepository['validation'],
    });
    expect(movePollInterval(buildMove([lossy], { state: 'cancelled' }), false)).toBe(false);
    expect(
      movePollInterval(buildMove([{ ...asked, sourceLock: 'unlocked' }], { state: 'completed' }), false),
    ).toBe(false);
  });

  it('polls the list while any move in it is live', () => {
    expect(listPollInterval(['completed', 'running'], false)).toBe(VISIBLE_POLL_MS);
    expect(listPollInterval(['completed', 'paused'], true)).toBe(HIDDEN_POLL_MS);
    expect(listPollInterval(['completed', 'cancelled'], false)).toBe(false);
    expect(listPollInterval([], false)).toBe(false);
    expect(listPollInterval(undefined, false)).toBe(false);
  });
});
