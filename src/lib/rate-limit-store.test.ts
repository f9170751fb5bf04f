import { describe, expect, it, vi } from 'vitest';
import type { RateLimitReading } from '@/contracts/github/rate-limit';
import { createRateLimitStore, rateLimitStore } from './rate-limit-store';

function reading(overrides: Partial<RateLimitReading> = {}): RateLimitReading {
  return { resource: 'core', limit: 5000, remaining: 4990, used: 10, reset: 1_700_003_600, ...overrides };
}

describe('rate-limit store', () => {
  it('starts empty', () => {
    expect(createRateLimitStore().getSnapshot()).toEqual({ readings: {}, clockOffsetMs: 0 });
  });

  it('keeps the latest reading per resource and tells its listeners', () => {
    const store = createRateLimitStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.record(reading());
    store.record(reading({ resource: 'search', limit: 30, remaining: 29, used: 1, reset: 1_700_000_060 }));
    store.record(reading({ remaining: 4989, used: 11 }));
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().readings).toEqual({
      core: reading({ remaining: 4989, used: 11 }),
      search: reading({ resource: 'search', limit: 30, remaining: 29, used: 1, reset: 1_700_000_060 }),
    });
  });

  it('keeps the same snapshot (and stays quiet) when a reading repeats', () => {
    const store = createRateLimitStore();
    store.record(reading());
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    store.record(reading());
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.record(reading({ reset: 1_700_007_200 }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
  });

  it('blocks until a time, only ever extending the block', () => {
    const store = createRateLimitStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.block(2_000);
    expect(store.getSnapshot().blockedUntil).toBe(2_000);
    store.block(1_000);
    expect(store.getSnapshot().blockedUntil).toBe(2_000);
    store.block(2_000);
    store.block(3_000);
    expect(store.getSnapshot().blockedUntil).toBe(3_000);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('unblocks', () => {
    const store = createRateLimitStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.unblock();
    expect(listener).not.toHaveBeenCalled();
    store.block(5_000);
    store.unblock();
    expect(store.getSnapshot().blockedUntil).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    store.block(1_000);
    expect(store.getSnapshot().blockedUntil).toBe(1_000);
  });

  it('tracks the server clock offset, ignoring jitter under 2 s', () => {
    const store = createRateLimitStore();
    store.setClockOffset(1_999);
    expect(store.getSnapshot().clockOffsetMs).toBe(0);
    store.setClockOffset(-2_000);
    expect(store.getSnapshot().clockOffsetMs).toBe(-2_000);
    store.setClockOffset(-500);
    expect(store.getSnapshot().clockOffsetMs).toBe(-2_000);
    store.setClockOffset(500);
    expect(store.getSnapshot().clockOffsetMs).toBe(500);
    store.setClockOffset(1_000);
    expect(store.getSnapshot().clockOffsetMs).toBe(500);
  });

  it('resets everything', () => {
    const store = createRateLimitStore();
    store.record(reading());
    store.block(9_000);
    store.setClockOffset(60_000);
    store.reset();
    expect(store.getSnapshot()).toEqual({ readings: {}, clockOffsetMs: 0 });
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createRateLimitStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.block(1_000);
    unsubscribe();
    store.block(2_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('has one app-wide instance', () => {
    rateLimitStore.record(reading());
    expect(rateLimitStore.getSnapshot().readings.core).toEqual(reading());
  });
});
