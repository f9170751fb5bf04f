import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { attemptsFor, describeRetry } from './retry-status';

const serverError = new ApiError({
  kind: 'http',
  upstream: 'github',
  status: 503,
  message: 'GitHub answered 503.',
});

describe('describeRetry', () => {
  it('counts down to the next attempt with its number (1 s, 4 s, 9 s; four attempts in all)', () => {
    expect(attemptsFor(serverError)).toBe(4);
    expect(describeRetry(1, serverError, 0, 0)).toBe('Retrying in 1 s, attempt 2 of 4. GitHub answered 503.');
    expect(describeRetry(2, serverError, 10_000, 10_000)).toMatch(/^Retrying in 4 s, attempt 3 of 4/);
    expect(describeRetry(3, serverError, 0, 3_000)).toMatch(/^Retrying in 6 s, attempt 4 of 4/);
  });

  it('says nothing before a failure or when no retry follows', () => {
    expect(describeRetry(0, null, 0, 0)).toBeUndefined();
    expect(describeRetry(4, serverError, 0, 0)).toBeUndefined();
    const notFound = new ApiError({ kind: 'http', upstream: 'github', status: 404, message: 'Not Found' });
    expect(describeRetry(1, notFound, 0, 0)).toBeUndefined();
  });

  it('names the rate-limit pause and when it lifts', () => {
    const limited = new ApiError({
      kind: 'rate-limited',
      upstream: 'github',
      message: 'API rate limit exceeded',
      retryAt: new Date(2026, 0, 1, 14, 5).getTime(),
    });
    const now = new Date(2026, 0, 1, 14, 0).getTime();
    expect(describeRetry(1, limited, now, now)).toMatch(
      /^GitHub’s limit is reached; resuming at (14:05|02:05 PM) \(in 5 min 00 s\)\.$/,
    );
  });
});
