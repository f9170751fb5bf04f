import type { Timeline } from '../store/timeline';
import type { WatchSnapshots } from '../store/watch-snapshots';
import { pausedForMs, watchInterval } from './watch-interval';
import { observedState, type ObservedState, type WatchTarget } from './watch-targets';

/**
 * One watcher for every browser. The first browser to ask for a migration, an import or a list of
 * migrations gets the upstream's answer and the watcher starts following it (conditional requests with the
 * ETag, spacing and rate-limit pauses as the SPA does, stopping at terminal states); every later ask, from
 * any number of browsers, is answered from what the watcher last saw. The GitHub requests counted therefore do
 * not grow with the number of open browsers.
 */

/**
 * The origin of the gateway's own requests (watcher polls, minute samples). Link headers and body URLs the
 * gateway writes on its origin carry it in snapshots; answers put the asking browser's origin back.
 */
export const INTERNAL_ORIGIN = 'http://gateway.internal';

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

export interface WatchEntry {
  target: WatchTarget;
  body: unknown;
  headers: Record<string, string>;
  observed: ObservedState;
  seenAt: number;
  changedAt: number;
  askedAt: number;
  pausedUntil: number;
  /** The upstream's answer to the last poll when it failed: browsers get it too, so no page shows stale data as fresh. */
  failure?: { status: number; headers: [string, string][]; body: string };
  timer?: ReturnType<typeof setTimeout>;
  polling?: Promise<void>;
}

export interface WatcherDeps {
  /** A GET through the gateway's own forwarding (allow-list, credentials, Link rewriting), never the watcher. */
  fetchUpstream: (key: string, ifNoneMatch?: string) => Promise<Response>;
  snapshots?: WatchSnapshots;
  timeline?: Timeline;
  /** The upstream's clock (for timeline times and rate-limit resets). */
  upstreamNow: () => Date;
  /** Rate headers to put on answers given from a snapshot. */
  rateHeaders: () => [string, string][];
  log?: (message: string) => void;
}

export function createWatcher(deps: WatcherDeps) {
  const entries = new Map<string, WatchEntry>();
  const lastStates = new Map<string, string>();
  const firstAsks = new Map<string, Promise<WatchEntry | undefined>>();
  const log = deps.log ?? console.error;
  let stopped = false;
  let writes: Promise<void> = Promise.resolve();
  const persist = (task: () => Promise<void>) => {
    writes = writes
      .then(task)
      .catch((error: unknown) =>
        log(`[store] watcher write failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  };

  const recordState = (entry: WatchEntry, actor: string) => {
    const subject = entry.target.subject;
    if (!subject || entry.target.kind === 'list' || !deps.timeline) return;
    const state = entry.observed.state;
    const timeline = deps.timeline;
    persist(async () => {
      if (!lastStates.has(subject)) {
        const previous = (await timeline.forSubject(subject)).at(-1);
        if (previous) lastStates.set(subject, previous.state);
      }
      if (lastStates.get(subject) === state) return;
      lastStates.set(subject, state);
      // A migration's guid tells it apart from an earlier one with the same id (a reset simulator).
      const guid = (entry.body as { guid?: unknown } | null)?.guid;
      await timeline.record({
        at: deps.upstreamNow(),
        kind: entry.target.kind === 'import' ? 'import' : 'migration',
        subject,
        state,
        actor,
        ...(typeof guid === 'string' ? { detail: { guid } } : {}),
      });
    });
  };

  const save = (entry: WatchEntry) => {
    const snapshots = deps.snapshots;
    if (!snapshots) return;
    const snapshot = {
      path: entry.target.key,
      kind: entry.target.kind,
      state: entry.observed.state,
      etag: entry.headers.etag ?? null,
      body: { data: entry.body, headers: entry.headers, subject: entry.target.subject ?? null },
      seenAt: new Date(entry.seenAt),
      terminal: entry.observed.terminal,
    };
    persist(() => snapshots.put(snapshot));
  };

  const schedule = (entry: WatchEntry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (stopped) return;
    const now = Date.now();
    if (now - entry.askedAt > IDLE_FORGET_MS) {
      entries.delete(entry.target.key);
      return;
    }
    const delay = watchInterval({
      terminal: entry.observed.terminal,
      waiting: entry.observed.waiting,
      unchangedMs: now - entry.changedAt,
      pausedForMs: Math.max(0, entry.pausedUntil - now),
      failing: entry.failure !== undefined,
    });
    if (delay === false) return;
    entry.timer = setTimeout(() => void poll(entry), delay);
    entry.timer.unref?.();
  };

  const take = async (entry: WatchEntry, response: Response, actor: string): Promise<boolean> => {
    const now = Date.now();
    if (response.status === 304) {
      entry.seenAt = now;
      entry.failure = undefined;
      return true;
    }
    if (response.status !== 200) {
      const paused = pausedForMs(response.status, response.headers, deps.upstreamNow().getTime());
      if (paused > 0) entry.pausedUntil = now + paused;
      entry.failure = {
        status: response.status,
        headers: [...response.headers],
        body: await response.text(),
      };
      return false;
    }
    entry.failure = undefined;
    const body: unknown = await response.json();
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const observed = observedState(entry.target.kind, body);
    const changed = JSON.stringify(body) !== JSON.stringify(entry.body);
    entry.body = body;
    entry.headers = headers;
    entry.seenAt = now;
    if (changed) entry.changedAt = now;
    entry.observed = observed;
    recordState(entry, actor);
    save(entry);
    return true;
  };

  const poll = async (entry: WatchEntry) => {
    if (entry.polling || stopped) return;
    entry.polling = (async () => {
      try {
        const response = await deps.fetchUpstream(entry.target.key, entry.headers.etag);
        if (response.status === 404 || response.status === 410) {
          void response.body?.cancel();
          forget(entry.target.key);
          return;
        }
        await take(entry, response, 'watcher');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        entry.failure = {
          status: 502,
          headers: [['content-type', 'application/json; charset=utf-8']],
          body: JSON.stringify({
            message: 'The upstream could not be reached.',
            code: 'UPSTREAM_UNREACHABLE',
            source: 'gateway',
          }),
        };
        log(`[watch] ${entry.target.key}: ${message}`);
      } finally {
        entry.polling = undefined;
        if (entries.get(entry.target.key) === entry) schedule(entry);
      }
    })();
    return entry.polling;
  };

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (entry?.timer) clearTimeout(entry.timer);
    entries.delete(key);
    const snapshots = deps.snapshots;
    if (snapshots) persist(() => snapshots.remove(key));
  };

  const answer = (entry: WatchEntry, ifNoneMatch: string | undefined, origin: string): Response => {
    const host = new URL(origin).host;
    const onOrigin = (text: string) =>
      text.replaceAll(INTERNAL_ORIGIN, origin).replaceAll(new URL(INTERNAL_ORIGIN).host, host);
    if (entry.failure) {
      return new Response(onOrigin(entry.failure.body), {
        status: entry.failure.status,
        headers: entry.failure.headers,
      });
    }
    const headers = new Headers(entry.headers);
    const link = headers.get('link');
    if (link) headers.set('link', onOrigin(link));
    for (const [name, value] of deps.rateHeaders()) headers.set(name, value);
    headers.set('x-ferry-seen-at', new Date(entry.seenAt).toISOString());
    const etag = entry.headers.etag;
    if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('content-type', entry.headers['content-type'] ?? 'application/json; charset=utf-8');
    return new Response(onOrigin(JSON.stringify(entry.body)), { status: 200, headers });
  };

  const usable = (entry: WatchEntry | undefined): entry is WatchEntry => {
    if (!entry || entry.seenAt === 0) return false;
    if (!entry.observed.terminal) return true;
    // A migration's repositories never change; a finished migration may still be deleted by someone.
    const ttl = entry.target.kind === 'repos' ? IDLE_FORGET_MS : TERMINAL_TTL_MS;
    return Date.now() - entry.seenAt < ttl;
  };

  return {
    /**
     * Answer a browser's GET of a watched resource: from the snapshot when there is one, otherwise by
     * forwarding once and following the resource from then on.
     */
    async serve(
      target: WatchTarget,
      ifNoneMatch: string | undefined,
      forwardOnce: () => Promise<Response>,
      actor: string,
      /** The asking browser's origin, for Link headers and body URLs. */
      origin: string,
    ): Promise<Response> {
      // A poll in flight is about to know more than the snapshot: wait for it.
      await entries.get(target.key)?.polling;
      const existing = entries.get(target.key);
      if (usable(existing)) {
        existing.askedAt = Date.now();
        if (!existing.timer && !existing.polling && !existing.observed.terminal) schedule(existing);
        return answer(existing, ifNoneMatch, origin);
      }
      // Tabs that ask together while nobody has the answer share one upstream request.
      const pending = firstAsks.get(target.key);
      if (pending) {
        const entry = await pending;
        if (entry) return answer(entry, ifNoneMatch, origin);
        return forwardOnce();
      }
      let response: Response | undefined;
      const first = (async () => {
        response = await forwardOnce();
        if (response.status !== 200 || stopped) return undefined;
        const now = Date.now();
        const entry: WatchEntry = existing ?? {
          target,
          body: undefined,
          headers: {},
          observed: { state: 'unknown', terminal: false, waiting: false },
          seenAt: 0,
          changedAt: now,
          askedAt: now,
          pausedUntil: 0,
        };
        entry.askedAt = now;
        await take(entry, response, actor);
        entries.set(target.key, entry);
        schedule(entry);
        return entry;
      })();
      firstAsks.set(target.key, first);
      try {
        const entry = await first;
        return entry ? answer(entry, ifNoneMatch, origin) : response!;
      } finally {
        firstAsks.delete(target.key);
      }
    },

    /** A write went through: what it changed is asked for afresh next time. */
    invalidate(prefixes: string[]): void {
      for (const key of [...entries.keys()]) {
        if (
          prefixes.some(
            (prefix) =>
              key === prefix ||
              key.startsWith(`${prefix}?`) ||
              (prefix.endsWith('?') && key.startsWith(prefix)),
          )
        ) {
          forget(key);
        }
      }
    },

    /** Resume following what was live before a restart (terminal snapshots are only remembered). */
    async restore(): Promise<number> {
      if (!deps.snapshots) return 0;
      const now = Date.now();
      let resumed = 0;
      for (const snapshot of await deps.snapshots.all()) {
        const stored = snapshot.body as {
          data?: unknown;
          headers?: Record<string, string>;
          subject?: string | null;
        };
        const kind =
          snapshot.kind === 'import' || snapshot.kind === 'list' || snapshot.kind === 'repos'
            ? snapshot.kind
            : 'migration';
        if (snapshot.terminal) continue;
        const entry: WatchEntry = {
          target: { key: snapshot.path, kind, subject: stored.subject ?? undefined },
          body: stored.data,
          headers: stored.headers ?? {},
          observed: observedState(kind, stored.data),
          seenAt: 0, // not served until the first poll confirms it
          changedAt: now,
          askedAt: now,
          pausedUntil: 0,
        };
        entries.set(entry.target.key, entry);
        void poll(entry);
        resumed += 1;
      }
      return resumed;
    },

    /** Forget everything (the simulator behind was reset: ids start again). */
    clear(): void {
      for (const key of [...entries.keys()]) forget(key);
      lastStates.clear();
    },

    /** Look again at everything live now (the simulator's clock jumped). */
    nudge(): Promise<void> {
      return Promise.all(
        [...entries.values()]
          .filter((entry) => !entry.observed.terminal)
          .map(async (entry) => {
            await entry.polling;
            await poll(entry);
          }),
      ).then(() => undefined);
    },

    /** What is followed now, newest first (the overview's "imports followed"). */
    list(): WatchEntry[] {
      return [...entries.values()].filter((entry) => entry.seenAt > 0).sort((a, b) => b.seenAt - a.seenAt);
    },

    /** Wait for polls in flight and queued store writes. */
    async settle(): Promise<void> {
      await Promise.all([...entries.values()].map((entry) => entry.polling ?? Promise.resolve()));
      await writes;
    },

    stop(): void {
      stopped = true;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}

export type Watcher = ReturnType<typeof createWatcher>;
