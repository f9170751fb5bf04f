import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { useRateLimitSnapshot } from './use-rate-limits';

describe('useRateLimitSnapshot', () => {
  it('reads the app-wide store and re-renders when it changes', () => {
    const { result } = renderHook(() => useRateLimitSnapshot());
    expect(result.current).toEqual({ readings: {}, clockOffsetMs: 0 });

    const reading = { resource: 'core', limit: 5000, remaining: 12, used: 4988, reset: 1_700_000_000 };
    act(() => rateLimitStore.record(reading));
    expect(result.current.readings.core).toEqual(reading);

    act(() => rateLimitStore.block(1_700_000_001_000));
    expect(result.current.blockedUntil).toBe(1_700_000_001_000);
    expect(result.current).toBe(rateLimitStore.getSnapshot());
  });

  it('keeps the same snapshot between renders when nothing changed', () => {
    const { result, rerender } = renderHook(() => useRateLimitSnapshot());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
