import { describe, expect, it } from 'vitest';
import { pausedForMs, watchInterval, WATCH_MAX_MS, WATCH_MIN_MS, WATCH_WAITING_MS } from './watch-interval';

const base = { terminal: false, waiting: false, unchangedMs: 0, pausedForMs: 0 };

describe('watchInterval', () => {
  it('stops at terminal states', () => {
    expect(watchInterval({ ...base, terminal: true })).toBe(false);
  });
  it('starts at 2 s and backs off to half the unchanged time, at most 30 s', () => {
    expect(watchInterval(base)).toBe(WATCH_MIN_MS);
    expect(watchInterval({ ...base, unchangedMs: 20_000 })).toBe(10_000);
    expect(watchInterval({ ...base, unchangedMs: 600_000 })).toBe(WATCH_MAX_MS);
  });
  it('waits a minute while the user has to act, and looks again soon after a failure', () => {
    expect(watchInterval({ ...base, waiting: true, unchangedMs: 600_000 })).toBe(WATCH_WAITING_MS);
    expect(watchInterval({ ...base, failing: true, unchangedMs: 600_000 })).toBe(WATCH_MIN_MS);
  });
  it('never polls before a limit lifts', () => {
    expect(watchInterval({ ...base, failing: true, pausedForMs: 90_000 })).toBe(90_000);
  });
});

describe('pausedForMs', () => {
  const now = 1_000_000_000_000;
  it('reads a secondary limit from retry-after', () => {
    expect(pausedForMs(403, new Headers({ 'retry-after': '60' }), now)).toBe(60_000);
  });
  it('reads a primary limit from the reset, on the upstream’s clock', () => {
    const headers = new Headers({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 + 300),
    });
    expect(pausedForMs(429, headers, now)).toBe(300_000);
  });
  it('is no pause for other answers', () => {
    expect(pausedForMs(500, new Headers({ 'retry-after': '60' }), now)).toBe(0);
    expect(pausedForMs(403, new Headers({ 'x-ratelimit-remaining': '12' }), now)).toBe(0);
  });
});
