import { describe, expect, it } from 'vitest';
import { readRateLimitPause } from './http';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('GitHub saying "wait"', () => {
  it('retry-after comes first, in seconds', () => {
    expect(readRateLimitPause(403, headers({ 'retry-after': '30', 'x-ratelimit-remaining': '0' }))).toEqual({
      kind: 'secondary',
      waitMs: 30_000,
    });
  });

  it('a used-up primary limit lasts until its reset', () => {
    expect(
      readRateLimitPause(429, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' })),
    ).toEqual({ kind: 'primary', resetAtMs: 1_700_000_000_000 });
  });

  it('a secondary-limit message with no figure waits a minute', () => {
    expect(readRateLimitPause(403, headers({}), 'You have exceeded a secondary rate limit.')).toEqual({
      kind: 'secondary',
      waitMs: 60_000,
    });
  });

  it('anything else is not a pause (a 403 for permissions, a 500, a 200)', () => {
    expect(
      readRateLimitPause(403, headers({ 'x-ratelimit-remaining': '12' }), 'Must have admin rights'),
    ).toBe(undefined);
    expect(readRateLimitPause(500, headers({ 'retry-after': '5' }))).toBeUndefined();
    expect(readRateLimitPause(200, headers({ 'x-ratelimit-remaining': '0' }))).toBeUndefined();
  });
});
