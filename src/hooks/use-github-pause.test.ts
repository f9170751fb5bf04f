import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { useGithubPause } from './use-github-pause';

afterEach(() => {
  vi.useRealTimers();
});

describe('useGithubPause', () => {
  it('leaves its page alone while GitHub can be asked (no re-render each second)', () => {
    vi.useFakeTimers();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useGithubPause();
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current).toBeUndefined();
    expect(renders).toBe(1);
  });

  it('pauses until the limit lifts, then re-renders once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useGithubPause();
    });
    act(() => rateLimitStore.block(1_060_000));
    expect(result.current?.until).toBe(1_060_000);
    expect(result.current?.reason).toMatch(/^Paused: GitHub’s rate limit is reached; writes resume at /);
    const whilePaused = renders;
    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(result.current).toBeDefined();
    expect(renders).toBe(whilePaused);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBeUndefined();
  });
});
