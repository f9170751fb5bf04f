import { ASKING, type StoredWatch, type WatchSnapshot } from '../store/watch-snapshots';
import { pausedForMs } from './watch-interval';
import { observedState, type ObservedState, type WatchTarget } from './watch-targets';

/** Headers kept with a snapshot and given back with it. */
const KEPT_HEADERS = [
  'content-type',
  'etag',
  'link',
  'last-modified',
  'x-github-media-type',
  'date',
] as const;
/** A terminal snapshot is served this long, then the next ask goes upstream again (someone may have deleted it). */
export const TERMINAL_TTL_MS = 60_000;
/** An item nobody asked about for this long is no longer followed. */
export const IDLE_FORGET_MS = 30 * 60_000;
/**
 * Resources one gateway follows at once (`WATCH_MAX_ENTRIES`). A key is a path with its query, and the query is
 * the caller's: without a bound each new one stayed followed and stored for good. A person follows a few dozen.
 */
export const DEFAULT_WATCH_MAX_ENTRIES = 500;

/** The upstream's answer to the last poll when it failed: browsers get it too, so no page shows stale data as fresh. */
export interface WatchFailure {
  status: number;
  headers: [string, string][];
  body: string;
}

/** What a gateway knows of one watched resource. */
export interface WatchEntry {
  target: WatchTarget;
  body: unknown;
  headers: Record<string, string>;
  observed: ObservedState;
  seenAt: number;
  changedAt: number;
  askedAt: number;
  pausedUntil: number;
  failure?: WatchFailure;
  /** This gateway holds the team's lease: it polls; otherwise it reads what the holder wrote. */
  holding: boolean;
  /** When this gateway last read the store's copy (not holding). */
  readAt: number;
  timer?: ReturnType<typeof setTimeout>;
  polling?: Promise<void>;
}

/** What the store keeps beside the upstream's body. */
interface StoredBody {
  data?: unknown;
  headers?: Record<string, string>;
  subject?: string | null;
  failure?: WatchFailure;
  pausedUntil?: number;
  changedAt?: number;
}

export function newEntry(target: WatchTarget, now: number): WatchEntry {
  return {
    target,
    body: undefined,
    headers: {},
    observed: { state: 'unknown', terminal: false, waiting: false },
    seenAt: 0,
    changedAt: now,
    askedAt: now,
    pausedUntil: 0,
    holding: false,
    readAt: 0,
  };
}

/**
 * Take a poll's answer into the entry: 304 confirms it, 200 replaces it, anything else is kept as the failure
 * browsers are shown (and a rate limit's pause). Returns whether the body changed.
 */
export async function takeAnswer(
  entry: WatchEntry,
  response: Response,
  now: number,
  upstreamNowMs: number,
): Promise<{ ok: boolean; changed: boolean }> {
  if (response.status === 304) {
    entry.seenAt = now;
    entry.failure = undefined;
    return { ok: true, changed: false };
  }
  if (response.status !== 200) {
    const paused = pausedForMs(response.status, response.headers, upstreamNowMs);
    if (paused > 0) entry.pausedUntil = now + paused;
    entry.failure = { status: response.status, headers: [...response.headers], body: await response.text() };
    return { ok: false, changed: false };
  }
  entry.failure = undefined;
  const body: unknown = await response.json();
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const changed = JSON.stringify(body) !== JSON.stringify(entry.body);
  entry.body = body;
  entry.headers = headers;
  entry.seenAt = now;
  if (changed) entry.changedAt = now;
  entry.observed = observedState(entry.target.kind, body);
  return { ok: true, changed };
}

/** The failure browsers get when the upstream could not be reached at all. */
export const UNREACHABLE: WatchFailure = {
  status: 502,
  headers: [['content-type', 'application/json; charset=utf-8']],
  body: JSON.stringify({
    message: 'The upstream could not be reached.',
    code: 'UPSTREAM_UNREACHABLE',
    source: 'gateway',
  }),
};

export function snapshotOf(entry: WatchEntry): WatchSnapshot {
  const body: StoredBody = {
    data: entry.body,
    headers: entry.headers,
    subject: entry.target.subject ?? null,
    changedAt: entry.changedAt,
    ...(entry.failure ? { failure: entry.failure } : {}),
    ...(entry.pausedUntil > 0 ? { pausedUntil: entry.pausedUntil } : {}),
  };
  return {
    path: entry.target.key,
    kind: entry.target.kind,
    state: entry.observed.state,
    etag: entry.headers.etag ?? null,
    body,
    seenAt: new Date(entry.seenAt),
    terminal: entry.observed.terminal,
  };
}

/** The target a stored snapshot describes. */
export function targetOf(snapshot: WatchSnapshot): WatchTarget {
  const kind =
    snapshot.kind === 'import' || snapshot.kind === 'list' || snapshot.kind === 'repos'
      ? snapshot.kind
      : 'migration';
  const subject = (snapshot.body as StoredBody | null)?.subject;
  return { key: snapshot.path, kind, subject: subject ?? undefined };
}

/**
 * Bring the entry up to what another gateway wrote (it holds the lease). Returns whether the body changed.
 * A first ask with no answer yet changes nothing.
 */
export function readInto(entry: WatchEntry, stored: WatchSnapshot, now: number): boolean {
  entry.readAt = now;
  if (stored.state === ASKING) return false;
  const body = (stored.body ?? {}) as StoredBody;
  const changed = JSON.stringify(body.data) !== JSON.stringify(entry.body);
  entry.body = body.data;
  entry.headers = body.headers ?? {};
  entry.observed = observedState(entry.target.kind, body.data);
  entry.seenAt = Math.max(entry.seenAt, stored.seenAt.getTime());
  entry.changedAt = body.changedAt ?? (changed ? now : entry.changedAt);
  entry.failure = body.failure;
  entry.pausedUntil = body.pausedUntil ?? 0;
  return changed;
}

/**
 * Whether a snapshot in the store may answer browsers: an answered one that some gateway polls now (its
 * lease runs), or a terminal one seen lately (a finished migration may still be deleted by someone).
 */
export function storedUsable(stored: StoredWatch, now: number): boolean {
  if (stored.state === ASKING) return false;
  if (!stored.terminal) return stored.held;
  return now - stored.seenAt.getTime() < terminalTtl(targetOf(stored));
}

/** Whether this gateway's own entry may answer browsers. */
export function usable(entry: WatchEntry | undefined, now: number): entry is WatchEntry {
  if (!entry || entry.seenAt === 0) return false;
  if (!entry.observed.terminal) return true;
  return now - entry.seenAt < terminalTtl(entry.target);
}

// A migration's repositories never change; a finished migration may still be deleted by someone.
const terminalTtl = (target: WatchTarget) => (target.kind === 'repos' ? IDLE_FORGET_MS : TERMINAL_TTL_MS);
