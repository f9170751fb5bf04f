/**
 * A random id for this browser, kept in localStorage: the gateway's store tells one browser's draft saves
 * from another's with it (it is not a credential and identifies no one). Falls back to a per-visit id.
 */
const KEY = 'ferry.client-id';
let fallback: string | undefined;

function randomId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

export function clientId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const id = randomId();
    globalThis.localStorage?.setItem(KEY, id);
    return id;
  } catch {
    fallback ??= randomId();
    return fallback;
  }
}
