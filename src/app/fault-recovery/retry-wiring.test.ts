import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { counter, injectFault } from '@/testing/fault-helpers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';

/**
 * The retry policy as the app's QueryClient really applies it (QueryObserver is what useQuery runs),
 * against the real gateway and simulator, on fake timers: 1 s / 4 s / 9 s for network errors and 5xx,
 * never for 400/401/403/404/410/422/451, never for writes; rate limits wait for their time.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function observe(path = 'rate_limit') {
  const client = createQueryClient();
  const observer = new QueryObserver(client, {
    queryKey: ['fault', path],
    queryFn: async () => (await request<unknown>('github', path)).data,
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    result: () => observer.getCurrentResult(),
    stop: () => {
      unsubscribe();
      client.clear();
    },
  };
}

/** Advance fake time in small steps so promise chains (gateway, simulator) settle between timers. */
async function advance(ms: number) {
  const step = 250;
  for (let spent = 0; spent < ms; spent += step)
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - spent));
}

describe('reads are retried after 1 s, 4 s and 9 s', () => {
  it.each([
    ['a 503', { kind: 'status', status: 503 }],
    ['a 500 with an HTML body', { kind: 'status', status: 500, html: true }],
    ['a dropped connection (gateway 502)', { kind: 'drop' }],
  ] as const)('%s: four attempts in all, at 0, 1, 5 and 14 s, then the error', async (_name, fault) => {
    const attempts = counter('rate_limit');
    injectFault({ ...fault, path: 'rate_limit' });
    const query = observe();
    await advance(750);
    expect(attempts()).toBe(1);
    await advance(500); // 1.25 s
    expect(attempts()).toBe(2);
    await advance(3_500); // 4.75 s
    expect(attempts()).toBe(2);
    await advance(500); // 5.25 s
    expect(attempts()).toBe(3);
    await advance(8_500); // 13.75 s
    expect(attempts()).toBe(3);
    expect(query.result().status).toBe('pending');
    await advance(500); // 14.25 s
    expect(attempts()).toBe(4);
    await advance(60_000);
    expect(attempts()).toBe(4);
    expect(query.result().status).toBe('error');
    query.stop();
  });

  it('recovers by itself once the fault is gone', async () => {
    const attempts = counter('rate_limit');
    injectFault({ kind: 'status', status: 502, path: 'rate_limit', count: 2 });
    const query = observe();
    await advance(6_000);
    expect(attempts()).toBe(3);
    expect(query.result().status).toBe('success');
    expect(query.result().failureCount).toBe(0);
    query.stop();
  });
});

describe('never retried', () => {
  it.each([400, 401, 403, 404, 410, 422, 451])('a read answered %i', async (status) => {
    let attempts = 0;
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/user`, () => {
        attempts += 1;
        return HttpResponse.json(
          { message: 'No', documentation_url: 'https://docs.github.com/rest' },
          { status },
        );
      }),
    );
    const query = observe('user');
    await advance(30_000);
    expect(attempts).toBe(1);
    expect(query.result().status).toBe('error');
    query.stop();
  });

  it('a write, even on a 503 or a dropped connection', async () => {
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'drop' }] as const) {
      const attempts = counter('user/migrations', 'POST');
      injectFault({ ...fault, id: 'write-fault', path: 'user/migrations', method: 'POST' });
      const client = createQueryClient();
      const observer = new MutationObserver(client, {
        mutationFn: () =>
          request('github', 'user/migrations', { method: 'POST', json: { repositories: ['hello-world'] } }),
      });
      const outcome = observer.mutate().catch(() => 'failed');
      await advance(30_000);
      expect(await outcome).toBe('failed');
      expect(attempts()).toBe(1);
      client.clear();
    }
  });
});

describe('rate limits', () => {
  it('a secondary limit waits retry-after, then asks again', async () => {
    const attempts = counter('rate_limit');
    injectFault({ kind: 'secondary-rate-limit', retryAfterSeconds: 30, path: 'rate_limit', count: 1 });
    const query = observe();
    await advance(1_000);
    expect(attempts()).toBe(1);
    expect(rateLimitStore.getSnapshot().blockedUntil).toBeGreaterThan(Date.now() + 28_000);
    await advance(28_500); // 29.5 s
    expect(attempts()).toBe(1);
    await advance(1_000); // 30.5 s
    expect(attempts()).toBe(2);
    expect(query.result().status).toBe('success');
    query.stop();
  });

  it('a primary limit waits until x-ratelimit-reset, then asks again', async () => {
    const attempts = counter('rate_limit');
    injectFault({ kind: 'primary-rate-limit', resetInSeconds: 120, path: 'rate_limit', count: 1 });
    const query = observe();
    await advance(1_000);
    expect(attempts()).toBe(1);
    await advance(119_000); // 120 s: the reset, plus GitHub's one-second margin still to go
    expect(attempts()).toBe(1);
    await advance(2_000);
    expect(attempts()).toBe(2);
    expect(query.result().status).toBe('success');
    query.stop();
  });
});
