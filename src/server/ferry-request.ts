import { isId, isLogin, isTld, parseFullName } from '@/contracts/github/names';
import type { Context, Hono } from 'hono';
import type { DraftsSaveRequest, RecentKind } from '@/contracts/ferry';
import type { FerryStore } from './store/ferry-store';

/**
 * What `/api/ferry/*` accepts, checked at the edge: only what the store can keep as it was sent reaches it
 * (anything else is a 400, never PostgreSQL's 500).
 */

/** The routes' app: the store is opened by the first middleware and read from the context. */
export type FerryApp = Hono<{ Variables: { store: FerryStore } }>;

/**
 * An ISO 8601 time (a date, or a date and time with an optional zone) between 1970 and 9999: what the
 * store's timestamps hold. `Date.parse` alone accepts `-271821-04-20…` and other odd forms PostgreSQL then
 * refuses (a 500).
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A `since` parameter: absent, `fallbackMs` before `now`; `undefined` when it is no time the store holds. */
export function parseSince(raw: string | undefined, fallbackMs: number, now: Date): Date | undefined {
  if (raw === undefined) return new Date(now.getTime() - fallbackMs);
  const parsed = ISO_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= EARLIEST && parsed <= LATEST ? new Date(parsed) : undefined;
}

/**
 * Text PostgreSQL can keep as it was sent: no NUL (refused by `text`, a 500), no other control character, no
 * lone surrogate (silently replaced by U+FFFD on the way).
 */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const UNSTORABLE = /[\x00-\x1f\x7f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const storable = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !UNSTORABLE.test(value);

/** Ids as the store keeps them (32-bit integer columns): whole, positive, at most 2^31 - 1. */
export const isStoredId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) < 2 ** 31;

/** Migration ids as the store keeps them, as sent in a query: digits only, no sign, exponent or leading zero. */
export const isMigrationId = (value: string | undefined) =>
  value !== undefined && isId(value) && isStoredId(Number(value));

export function isRecentKind(value: unknown): value is RecentKind {
  return value === 'org' || value === 'import' || value === 'tld';
}

/** A recent item's key by its kind: a login, `owner/repo`, or a TLD, by GitHub's and DNS's rules. */
export function validRecentKey(kind: RecentKind, key: string): boolean {
  if (kind === 'org') return isLogin(key);
  if (kind === 'import') return parseFullName(key) !== undefined;
  return isTld(key);
}

export function validSave(value: unknown): value is DraftsSaveRequest['saves'][number] {
  if (typeof value !== 'object' || value === null) return false;
  const save = value as Record<string, unknown>;
  return (
    isStoredId(save.authorId) &&
    storable(save.name, 256) &&
    storable(save.email, 320) &&
    Number.isInteger(save.baseVersion) &&
    (save.baseVersion as number) >= 0
  );
}

/** The request's JSON body, or `undefined` when it is not JSON (the route answers 400). */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
