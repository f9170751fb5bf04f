import { describe, expect, it } from 'vitest';
import { isMoveFinished, moveLine, moveStateSummary } from './move-lines';

describe('move lines', () => {
  it('say how far a move is: done of n, and failed only when some failed', () => {
    expect(moveLine({ repositories: 3, done: 2, failed: 1 })).toBe('2 of 3 repositories done · 1 failed');
    expect(moveLine({ repositories: 1, done: 0, failed: 0 })).toBe('0 of 1 repository done');
    expect(moveLine({ repositories: 1200, done: 1000, failed: 0 })).toBe('1,000 of 1,200 repositories done');
  });

  it('never show a completed move with failures as a plain success', () => {
    expect(moveStateSummary({ state: 'completed', failed: 0 })).toEqual({
      label: 'Completed',
      tone: 'success',
    });
    expect(moveStateSummary({ state: 'completed', failed: 2 })).toEqual({
      label: 'Completed, 2 repositories failed',
      tone: 'warning',
    });
    expect(moveStateSummary({ state: 'failed', failed: 0 })).toEqual({ label: 'Stopped', tone: 'error' });
    expect(moveStateSummary({ state: 'running', failed: 1 }).label).toBe('Running');
    expect(['running', 'paused'].some(isMoveFinished)).toBe(false);
    expect(['completed', 'failed', 'cancelled'].every(isMoveFinished)).toBe(true);
  });
});
