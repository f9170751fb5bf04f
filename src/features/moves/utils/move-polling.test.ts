import { describe, expect, it } from 'vitest';
import { HIDDEN_POLL_MS, listPollInterval, movePollInterval, VISIBLE_POLL_MS } from './move-polling';

describe('how often a move is read', () => {
  it('polls a running or paused move, slower in a hidden tab', () => {
    expect(movePollInterval('running', false)).toBe(VISIBLE_POLL_MS);
    expect(movePollInterval('paused', false)).toBe(VISIBLE_POLL_MS);
    expect(movePollInterval('running', true)).toBe(HIDDEN_POLL_MS);
    expect(HIDDEN_POLL_MS).toBeGreaterThan(VISIBLE_POLL_MS);
  });

  it('stops at an end, and before the move is known', () => {
    for (const state of ['completed', 'failed', 'cancelled'] as const) {
      expect(movePollInterval(state, false)).toBe(false);
      expect(movePollInterval(state, true)).toBe(false);
    }
    expect(movePollInterval(undefined, false)).toBe(false);
  });

  it('polls the list while any move in it is live', () => {
    expect(listPollInterval(['completed', 'running'], false)).toBe(VISIBLE_POLL_MS);
    expect(listPollInterval(['completed', 'paused'], true)).toBe(HIDDEN_POLL_MS);
    expect(listPollInterval(['completed', 'cancelled'], false)).toBe(false);
    expect(listPollInterval([], false)).toBe(false);
    expect(listPollInterval(undefined, false)).toBe(false);
  });
});
