import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowedThing } from '@/lib/state-notifications';
import {
  disableNotifications,
  enableNotifications,
  useNotificationAvailability,
  useStateNotifications,
} from './use-state-notifications';

/** A stand-in for the browser's Notification: records what was shown, permission set by the test. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static shown: { title: string; options?: NotificationOptions }[] = [];
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  });
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, options });
  }
}

const NOW = Date.parse('2026-11-23T10:00:00Z');
const thing = (state: string): FollowedThing => ({
  key: 'user/migration/7',
  label: 'Export 7',
  state,
  terminal: state === 'exported' || state === 'failed',
});

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notification preference', () => {
  it('is off until switched on, asks the browser once, and is remembered for this browser', async () => {
    const { result } = renderHook(() => useNotificationAvailability());
    expect(result.current).toBe('off');
    await act(() => enableNotifications());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('on');
    expect(localStorage.getItem('ferry.notifications')).toBe('on');
    act(() => disableNotifications());
    expect(result.current).toBe('off');
  });

  it('says so when the browser refuses', async () => {
    FakeNotification.answer = 'denied';
    const { result } = renderHook(() => useNotificationAvailability());
    await act(() => enableNotifications());
    expect(result.current).toBe('denied');
    expect(localStorage.getItem('ferry.notifications')).toBeNull();
  });

  it('is unsupported where the browser has no Notification API', () => {
    vi.stubGlobal('Notification', undefined);
    // `'Notification' in window` stays true with an undefined value; delete it for this check.
    delete (window as { Notification?: unknown }).Notification;
    const { result } = renderHook(() => useNotificationAvailability());
    expect(result.current).toBe('unsupported');
  });
});

describe('useStateNotifications', () => {
  it('shows a notification when a followed export finishes, once, only when switched on', async () => {
    await act(() => enableNotifications());
    const { rerender } = renderHook(({ things }) => useStateNotifications(things, NOW), {
      initialProps: { things: [thing('exporting')] },
    });
    expect(FakeNotification.shown).toEqual([]);
    rerender({ things: [thing('exported')] });
    expect(FakeNotification.shown.map((notice) => [notice.title, notice.options?.tag])).toEqual([
      ['Export 7: exported', 'user/migration/7#exported'],
    ]);
    rerender({ things: [thing('exported')] });
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('shows nothing while switched off', () => {
    FakeNotification.permission = 'granted';
    const { rerender } = renderHook(({ things }) => useStateNotifications(things, NOW), {
      initialProps: { things: [thing('exporting')] },
    });
    rerender({ things: [thing('failed')] });
    expect(FakeNotification.shown).toEqual([]);
  });

  it('warns about an archive deleted within the hour once per browser, across page loads', async () => {
    await act(() => enableNotifications());
    const expiring = [{ ...thing('exported'), expiresAt: NOW + 30 * 60_000 }];
    const first = renderHook(() => useStateNotifications(expiring, NOW));
    expect(FakeNotification.shown.map((notice) => notice.title)).toEqual(['Export 7: archive deleted soon']);
    first.unmount();
    renderHook(() => useStateNotifications(expiring, NOW + 60_000));
    expect(FakeNotification.shown).toHaveLength(1);
  });
});
