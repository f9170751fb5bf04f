import { useEffect, useRef, useSyncExternalStore } from 'react';
import { formatClockTime } from '@/lib/format';
import { noticesFor, type FollowedThing } from '@/lib/state-notifications';

/**
 * Opt-in browser notifications. The choice is stored per browser (localStorage) and shared by its tabs;
 * the browser's own permission is asked for only when the person switches them on. Notices carry a tag,
 * so several tabs showing the same thing end up as one notification.
 */
const PREFERENCE_KEY = 'ferry.notifications';
const WARNED_KEY = 'ferry.notifications.warned';
const MAX_WARNED = 200;

export type NotificationAvailability = 'unsupported' | 'denied' | 'off' | 'on';

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function readAvailability(): NotificationAvailability {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission;
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  // Storage only when it can matter: React reads this on every render of the app bar.
  return localStorage.getItem(PREFERENCE_KEY) === 'on' ? 'on' : 'off';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab switching notifications on or off.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PREFERENCE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Switch on (asking the browser's permission if needed); resolves to what is in force afterwards. */
export async function enableNotifications(): Promise<NotificationAvailability> {
  if (!supported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'granted') localStorage.setItem(PREFERENCE_KEY, 'on');
  emit();
  return readAvailability();
}

export function disableNotifications(): void {
  localStorage.removeItem(PREFERENCE_KEY);
  emit();
}

export function useNotificationAvailability(): NotificationAvailability {
  return useSyncExternalStore(subscribe, readAvailability, () => 'unsupported');
}

function readWarned(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WARNED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

function rememberWarned(keys: string[]) {
  const all = [...readWarned(), ...keys].slice(-MAX_WARNED);
  localStorage.setItem(WARNED_KEY, JSON.stringify(all));
}

/**
 * Notify when a followed export or import reaches its end, or an archive is about to be deleted. `things`
 * is what the page shows (undefined while loading); `now` is the browser's clock.
 */
export function useStateNotifications(things: readonly FollowedThing[] | undefined, now: number): void {
  const availability = useNotificationAvailability();
  const seen = useRef(new Map<string, string>());

  useEffect(() => {
    if (!things) return;
    const { notices, warned } = noticesFor(seen.current, things, now, readWarned(), (at) =>
      formatClockTime(at),
    );
    for (const thing of things) seen.current.set(thing.key, thing.state);
    if (availability !== 'on') return;
    if (warned.length > 0) rememberWarned(warned);
    for (const notice of notices) new Notification(notice.title, { body: notice.body, tag: notice.tag });
  }, [things, now, availability]);
}
