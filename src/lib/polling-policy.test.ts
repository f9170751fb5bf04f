import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLL_POLICY, pollInterval, unchangedFor, type PollPhase } from './polling-policy';
import { createQueryClient } from './query-client';

describe('pollInterval', () => {
  it('stops for terminal resources', () => {
    expect(pollInterval({ phase: 'terminal', unchangedMs: 0 })).toBe(false);
    expect(pollInterval({ phase: 'terminal', unchangedMs: 10_000, rateLimitedForMs: 5_000 })).toBe(false);
  });

  it('stops while waiting for the user', () => {
    expect(pollInterval({ phase: 'waiting-for-user', unchangedMs: 0 })).toBe(false);
    expect(pollInterval({ phase: 'waiting-for-user', unchangedMs: 999_999 })).toBe(false);
  });

  it('polls an active resource at the minimum while it keeps changing', () => {
    expect(DEFAULT_POLL_POLICY).toEqual({ minMs: 2_000, maxMs: 60_000 });
    expect(pollInterval({ phase: 'active', unchangedMs: 0 })).toBe(2_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 4_000 })).toBe(2_000);
  });

  it('backs off to half the unchanged time', () => {
    expect(pollInterval({ phase: 'active', unchangedMs: 4_001 })).toBe(2_000.5);
    expect(pollInterval({ phase: 'active', unchangedMs: 10_000 })).toBe(5_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 90_000 })).toBe(45_000);
  });

  it('caps the back-off at the maximum', () => {
    expect(pollInterval({ phase: 'active', unchangedMs: 120_000 })).toBe(60_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 86_400_000 })).toBe(60_000);
  });

  it('honours a custom policy', () => {
    const policy = { minMs: 500, maxMs: 3_000 };
    expect(pollInterval({ phase: 'active', unchangedMs: 0 }, policy)).toBe(500);
    expect(pollInterval({ phase: 'active', unchangedMs: 4_000 }, policy)).toBe(2_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 10_000 }, policy)).toBe(3_000);
  });

  it('waits for a rate limit to lift, even beyond the maximum', () => {
    expect(pollInterval({ phase: 'active', unchangedMs: 0, rateLimitedForMs: 30_000 })).toBe(30_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 0, rateLimitedForMs: 600_000 })).toBe(600_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 100_000, rateLimitedForMs: 1_000 })).toBe(50_000);
    expect(pollInterval({ phase: 'active', unchangedMs: 0, rateLimitedForMs: 0 })).toBe(2_000);
  });
});

describe('unchangedFor', () => {
  it('is 0 the first time an object is seen, then the time since', () => {
    const data = { state: 'exporting' };
    expect(unchangedFor(data, 1_000)).toBe(0);
    expect(unchangedFor(data, 1_500)).toBe(500);
    expect(unchangedFor(data, 61_000)).toBe(60_000);
  });

  it('starts again for a new object, even with equal content', () => {
    const first = { state: 'exporting' };
    unchangedFor(first, 1_000);
    expect(unchangedFor(first, 5_000)).toBe(4_000);
    const second = { state: 'exporting' };
    expect(unchangedFor(second, 5_000)).toBe(0);
    expect(unchangedFor(second, 7_000)).toBe(2_000);
    expect(unchangedFor(first, 7_000)).toBe(6_000);
  });

  it('is 0 for anything that is not an object', () => {
    expect(unchangedFor(undefined, 1_000)).toBe(0);
    expect(unchangedFor(null, 1_000)).toBe(0);
    expect(unchangedFor('exporting', 1_000)).toBe(0);
    expect(unchangedFor(42, 1_000)).toBe(0);
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(1_000_000);
      const data = { id: 1 };
      expect(unchangedFor(data)).toBe(0);
      vi.setSystemTime(1_012_345);
      expect(unchangedFor(data)).toBe(12_345);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('polling through a real QueryClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  interface Resource {
    phase: PollPhase;
    step: number;
  }

  function observe(fetcher: () => Resource) {
    const client = createQueryClient({ retry: false });
    const start = Date.now();
    const fetchedAt: number[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['polled'],
      queryFn: () => {
        fetchedAt.push(Date.now() - start);
        return Promise.resolve(fetcher());
      },
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: (query) => {
        const data = query.state.data;
        return data ? pollInterval({ phase: data.phase, unchangedMs: unchangedFor(data) }) : false;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    return { fetchedAt, unsubscribe, observer };
  }

  it('polls every 2 s while the data changes and stops once it is terminal', async () => {
    vi.useFakeTimers();
    let step = 0;
    const { fetchedAt, unsubscribe, observer } = observe(() => {
      step += 1;
      return { phase: step >= 4 ? 'terminal' : 'active', step };
    });

    await vi.advanceTimersByTimeAsync(6_000);
    expect(fetchedAt).toEqual([0, 2_000, 4_000, 6_000]);
    expect(observer.getCurrentResult().data).toEqual({ phase: 'terminal', step: 4 });

    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(fetchedAt).toHaveLength(4);
    unsubscribe();
  });

  it('stops while the resource waits for the user', async () => {
    vi.useFakeTimers();
    let step = 0;
    const { fetchedAt, unsubscribe } = observe(() => {
      step += 1;
      return { phase: step >= 2 ? 'waiting-for-user' : 'active', step };
    });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(fetchedAt).toEqual([0, 2_000]);
    unsubscribe();
  });

  it('backs off while nothing changes, up to once a minute', async () => {
    vi.useFakeTimers();
    const { fetchedAt, unsubscribe } = observe(() => ({ phase: 'active', step: 1 }));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const gaps = fetchedAt.slice(1).map((at, index) => at - fetchedAt[index]!);
    // Equal answers keep the same data reference (structural sharing), so the unchanged time keeps growing.
    // Each gap is half the time since the data last changed (at t = 0): 2 s, 2 s, 2 s, then 6 s / 2, 9 s / 2…
    expect(gaps.slice(0, 6)).toEqual([2_000, 2_000, 2_000, 3_000, 4_500, 6_750]);
    for (let index = 1; index < gaps.length; index += 1)
      expect(gaps[index]).toBeGreaterThanOrEqual(gaps[index - 1]!);
    expect(gaps.at(-1)).toBe(60_000);
    expect(Math.max(...gaps)).toBe(60_000);
    // Far fewer requests than a fixed 2 s interval (300 in ten minutes).
    expect(fetchedAt.length).toBeLessThan(25);
    unsubscribe();
  });
});
