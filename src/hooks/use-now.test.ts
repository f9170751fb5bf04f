import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHasPassed, useNow } from './use-now';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('re-renders with the current time every interval', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result } = renderHook(() => useNow(1_000));
    expect(result.current).toBe(1_000_000);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current).toBe(1_000_000);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(1_001_000);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(1_006_000);
  });

  it('follows a new interval and stops ticking once unmounted', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const { result, rerender, unmount } = renderHook(({ interval }) => useNow(interval), {
      initialProps: { interval: 1_000 },
    });
    rerender({ interval: 10_000 });
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(10_000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useNow(null)', () => {
  it('does not tick', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useNow(null);
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(0);
    expect(renders).toBe(1);
  });
});

describe('useHasPassed', () => {
  it('re-renders once, when the moment comes, instead of every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useHasPassed(1_005_000);
    });
    act(() => {
      vi.advanceTimersByTime(4_999);
    });
    expect(result.current).toBe(false);
    expect(renders).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
    expect(renders).toBe(2);
  });

  it('counts a moment already gone, or none, as passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    expect(renderHook(() => useHasPassed(999_999)).result.current).toBe(true);
    expect(renderHook(() => useHasPassed(undefined)).result.current).toBe(true);
  });

  it('follows a new moment', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result, rerender } = renderHook(({ at }: { at: number | undefined }) => useHasPassed(at), {
      initialProps: { at: 1_001_000 },
    });
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(true);
    rerender({ at: 1_010_000 });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(result.current).toBe(true);
  });

  it("waits past setTimeout's longest delay without calling the moment come", () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const at = 40 * 86_400_000;
    const { result } = renderHook(() => useHasPassed(at));
    act(() => {
      vi.advanceTimersByTime(2 ** 31);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(at - 2 ** 31);
    });
    expect(result.current).toBe(true);
  });

  it('does not read a timer that fires early by the wall clock as not yet passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result } = renderHook(() => useHasPassed(1_002_000));
    act(() => {
      // The timer fires while the wall clock says 1 ms short (clock adjustments, coarse timers).
      vi.advanceTimersByTime(1_999);
      vi.setSystemTime(1_001_999);
      vi.advanceTimersByTime(1);
      vi.setSystemTime(1_001_999);
    });
    expect(result.current).toBe(true);
  });
});
