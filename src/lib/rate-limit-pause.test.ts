import { afterEach, describe, expect, it, vi } from 'vitest';
import { counter, injectFault } from '@/testing/fault-helpers';
import { ApiError } from './api-error';
import { request } from './api-client';
import { rateLimitStore } from './rate-limit-store';

afterEach(() => vi.useRealTimers());

describe('while a rate limit is in force', () => {
  it('GitHub requests wait locally (nothing is sent) until it lifts, except the free /rate_limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    injectFault({ kind: 'secondary-rate-limit', retryAfterSeconds: 60, path: 'user', count: 1 });
    const first = await request('github', 'user').catch((error: unknown) => error);
    expect(first).toMatchObject({ kind: 'secondary-rate-limited' });
    const blockedUntil = rateLimitStore.getSnapshot().blockedUntil;
    expect(blockedUntil).toBeGreaterThan(Date.now());

    const users = counter('user');
    const writes = counter('user/migrations', 'POST');
    const paused = await request('github', 'user').catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(ApiError);
    expect(paused).toMatchObject({ kind: 'rate-limited', retryAt: blockedUntil });
    await expect(
      request('github', 'user/migrations', { method: 'POST', json: { repositories: ['x'] } }),
    ).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(users()).toBe(0);
    expect(writes()).toBe(0);
    expect((await request('github', 'rate_limit')).status).toBe(200);
    expect((await request('registrar', 'ping', { method: 'POST', json: {} })).status).toBe(200);

    vi.setSystemTime((blockedUntil ?? 0) + 1);
    expect((await request('github', 'user')).status).toBe(200);
    expect(users()).toBe(1);
    expect(rateLimitStore.getSnapshot().blockedUntil).toBeUndefined();
  });
});
