import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idle, installFakeWhenSeen, liveObservers as live } from '@/testing/fake-when-seen';
import { useWhenSeen } from './use-when-seen';

beforeEach(installFakeWhenSeen);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function mountWithBox(options?: Parameters<typeof useWhenSeen>[0]) {
  const hook = renderHook(() => useWhenSeen<HTMLDivElement>(options));
  act(() => hook.result.current.ref(document.createElement('div')));
  return hook;
}

describe('useWhenSeen', () => {
  it('waits while the box is far away and the thread busy, and starts when the box comes near', () => {
    const { result } = mountWithBox({ rootMargin: '50% 0px' });
    expect(result.current.started).toBe(false);
    const [observer] = live();
    expect(observer?.options.rootMargin).toBe('50% 0px');
    act(() => observer?.report(false));
    expect(result.current.started).toBe(false);
    act(() => observer?.report(true));
    expect(result.current.started).toBe(true);
    // Started for good: nothing is watched or waited for any more.
    expect(live()).toHaveLength(0);
    expect(idle.waiting.size).toBe(0);
  });

  it('starts when the main thread is idle, asking for it within the timeout', () => {
    const { result } = mountWithBox({ idleTimeoutMs: 1_500 });
    expect([...idle.waiting.values()].map((entry) => entry.timeout)).toEqual([1_500]);
    expect(result.current.started).toBe(false);
    act(() => idle.run());
    expect(result.current.started).toBe(true);
    expect(live()).toHaveLength(0);
  });

  it('starts at once when asked (focus, a click)', () => {
    const { result } = mountWithBox();
    act(() => result.current.start());
    expect(result.current.started).toBe(true);
    expect(live()).toHaveLength(0);
    expect(idle.waiting.size).toBe(0);
  });

  it('cleans up on unmount: no observer left, no idle callback waiting', () => {
    const { unmount } = mountWithBox();
    expect(live()).toHaveLength(1);
    expect(idle.waiting.size).toBe(1);
    unmount();
    expect(live()).toHaveLength(0);
    expect(idle.waiting.size).toBe(0);
  });

  it('falls back to a plain timer where the browser has no idle callback, and to it alone without observers', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.stubGlobal('IntersectionObserver', undefined);
    vi.useFakeTimers();
    const { result } = mountWithBox({ idleTimeoutMs: 1_000 });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.started).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.started).toBe(true);
  });
});
