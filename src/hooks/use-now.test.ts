import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

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
