import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Timeline } from '../store/timeline';
import type { StoredWatch, WatchSnapshots } from '../store/watch-snapshots';
import { answerOfOther } from './answer-of-other';
import { answerFrom } from './watch-answer';
import {
  DEFAULT_WATCH_MAX_ENTRIES,
  IDLE_FORGET_MS,
  newEntry,
  readInto,
  snapshotOf,
  storedUsable,
  takeAnswer,
  targetOf,
  UNREACHABLE,
  usable,
  type WatchEntry,
} from './watch-entry';
import { watchInterval } from './watch-interval';
import type { WatchTarget } from './watch-targets';

export { INTERNAL_ORIGIN } from './watch-answer';
export { IDLE_FORGET_MS, TERMINAL_TTL_MS, type WatchEntry } from './watch-entry';

/**
 * One watcher for every browser, and for a team of gateways. The first browser to ask for a migration, an import
 * or a list of migrations gets the upstream's answer and the watcher starts following it (conditional requests
 * with the ETag, spacing and rate-limit pauses as the SPA does, stopping at terminal states); every later ask,
 * from any number of browsers, is answered from what the watcher last saw. With a store, one gateway of the team
 * polls each resource (it holds the lease on its snapshot row) and the others answer from the snapshot it
 * writes; a lease that runs out (its gateway died) is taken by the next gateway that wants it. The GitHub
 * requests counted therefore grow with neither the number of browsers nor the number of gateways.
 */

/** A lease outlives its holder's next poll by this much: a dead gateway's resources are taken over after it. */
export const LEASE_GRACE_MS = 10_000;
/** The lease taken to poll (or to ask first): longer than any one upstream exchange. */
const POLL_LEASE_MS = 60_000;
/** A gateway that does not poll a resource reads the store's copy at most this often for its browsers. */
const READ_EVERY_MS = 1_000;

export interface WatcherDeps {
  /** A GET through the gateway's own forwarding (allow-list, credentials, Link rewriting), never the watcher. */
  fetchUpstream: (key: string, ifNoneMatch?: string) => Promise<Response>;
  snapshots?: WatchSnapshots;
  timeline?: Timeline;
  /** The upstream's clock (for timeline times and rate-limit resets). */
  upstreamNow: () => Date;
  /** Rate headers to put on answers given from a snapshot. */
  rateHeaders: () => [string, string][];
  /** This gateway's name on leases (unique per process by default). */
  holder?: string;
  /** No other process can use the store (the embedded one): leases left by a previous run are void. */
  soleUser?: boolean;
  /** A migration or import reached a new state (recorded in the timeline by this gateway): alerts. */
  onState?: (kind: 'migration' | 'import', subject: string, state: string, body: unknown) => void;
  /** Each upstream poll's outcome (metrics). */
  onPoll?: (result: 'changed' | 'not_modified' | 'failed' | 'unreachable') => void;
  log?: (message: string) => void;
  /** Resources followed at once; a new one beyond it makes the least recently asked one forgotten. */
  maxEntries?: number;
}

export function createWatcher(deps: WatcherDeps) {
  const entries = new Map<string, WatchEntry>();
  const lastStates = new Map<string, string>();
  const firstAsks = new Map<string, Promise<WatchEntry | undefined>>();
  const log = deps.log ?? console.error;
  const snapshots = deps.snapshots;
  const holder = deps.holder ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const maxEntries = deps.maxEntries ?? DEFAULT_WATCH_MAX_ENTRIES;
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
      deps.onState?.(entry.target.kind === 'import' ? 'import' : 'migration', subject, state, entry.body);
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
    if (snapshots) persist(() => snapshots.put(snapshotOf(entry)));
  };

  /** Stop following locally (another gateway may go on); the lease, if held, is given up. */
  const drop = (entry: WatchEntry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entries.get(entry.target.key) === entry) entries.delete(entry.target.key);
    if (entry.holding && snapshots) persist(() => snapshots.release(entry.target.key, holder));
    entry.holding = false;
  };

  const schedule = (entry: WatchEntry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (stopped) return;
    const now = Date.now();
    if (now - entry.askedAt > IDLE_FORGET_MS) return drop(entry);
    const delay = watchInterval({
      terminal: entry.observed.terminal,
      waiting: entry.observed.waiting,
      unchangedMs: now - entry.changedAt,
      pausedForMs: Math.max(0, entry.pausedUntil - now),
      failing: entry.failure !== undefined,
    });
    if (entry.holding && snapshots) {
      const key = entry.target.key;
      // Keep the lease until just after the next poll; give it up when there is none.
      if (delay === false) persist(() => snapshots.release(key, holder));
      else persist(async () => void (await snapshots.claim(key, holder, delay + LEASE_GRACE_MS)));
    }
    if (delay === false) return;
    entry.timer = setTimeout(() => void poll(entry), delay);
    entry.timer.unref?.();
  };

  /** Read what the holder wrote; a snapshot gone from the store (a write made it stale) is dropped here too. */
  const readStored = async (entry: WatchEntry): Promise<void> => {
    if (!snapshots) return;
    const stored = await snapshots.get(entry.target.key);
    if (!stored) return drop(entry);
    readInto(entry, stored, Date.now());
  };

  /** Whose turn it is: true when this gateway is to poll now. */
  const takeTurn = async (entry: WatchEntry): Promise<boolean> => {
    if (!snapshots) return true;
    const turn = await snapshots.claim(entry.target.key, holder, POLL_LEASE_MS);
    if (turn === 'held') {
      const takenOver = !entry.holding;
      entry.holding = true;
      if (takenOver) {
        // Start from what the last holder saw (its answer and ETag may be newer than this gateway's copy), and
        // read the timeline's last state again before recording.
        if (entry.target.subject) lastStates.delete(entry.target.subject);
        await readStored(entry);
        if (entry.observed.terminal) return false;
      }
      return true;
    }
    entry.holding = false;
    if (turn === 'missing') drop(entry);
    else await readStored(entry);
    return false;
  };

  const poll = async (entry: WatchEntry) => {
    if (entry.polling || stopped) return;
    entry.polling = (async () => {
      try {
        if (!(await takeTurn(entry))) return;
        const response = await deps.fetchUpstream(entry.target.key, entry.headers.etag);
        if (response.status === 404 || response.status === 410) {
          void response.body?.cancel();
          forget(entry.target.key);
          return;
        }
        const now = Date.now();
        const taken = await takeAnswer(entry, response, now, deps.upstreamNow().getTime());
        deps.onPoll?.(!taken.ok ? 'failed' : response.status === 304 ? 'not_modified' : 'changed');
        if (taken.ok) recordState(entry, 'watcher');
        // Every poll is written, a 304 too: the team's other gateways show when it was last seen.
        save(entry);
      } catch (error) {
        deps.onPoll?.('unreachable');
        entry.failure = UNREACHABLE;
        save(entry);
        log(`[watch] ${entry.target.key}: ${error instanceof Error ? error.message : String(error)}`);
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
    if (snapshots) persist(() => snapshots.remove(key));
  };

  /** Follow what the store holds (another gateway polls it), from now on. */
  /**
   * Follow `entry` from now on, within `maxEntries`: beyond it the least recently asked one is forgotten (its
   * snapshot too; a later ask forwards again). One in the middle of a poll is left, so no poll writes it back.
   */
  const keep = (entry: WatchEntry) => {
    entries.set(entry.target.key, entry);
    if (entries.size <= maxEntries) return;
    let oldest: WatchEntry | undefined;
    for (const candidate of entries.values()) {
      if (candidate === entry || candidate.polling) continue;
      if (!oldest || candidate.askedAt < oldest.askedAt) oldest = candidate;
    }
    if (oldest) forget(oldest.target.key);
  };

  const adopt = (target: WatchTarget, stored: StoredWatch, now: number): WatchEntry => {
    const entry = entries.get(target.key) ?? newEntry(target, now);
    readInto(entry, stored, now);
    entry.askedAt = now;
    keep(entry);
    schedule(entry);
    return entry;
  };

  return {
    /**
     * Answer a browser's GET of a watched resource: from what this gateway or the team follows when that is
     * current, otherwise by forwarding once and following the resource from then on.
     */
    async serve(
      target: WatchTarget,
      ifNoneMatch: string | undefined,
      forwardOnce: () => Promise<Response>,
      actor: string,
      /** The asking browser's origin, for Link headers and body URLs. */
      origin: string,
    ): Promise<Response> {
      const key = target.key;
      // A poll in flight is about to know more than the snapshot: wait for it.
      await entries.get(key)?.polling;
      const local = entries.get(key);
      if (local && !local.holding && snapshots && Date.now() - local.readAt > READ_EVERY_MS) {
        await readStored(local);
      }
      const existing = entries.get(key);
      if (usable(existing, Date.now())) {
        existing.askedAt = Date.now();
        if (!existing.timer && !existing.polling && !existing.observed.terminal) schedule(existing);
        return answerFrom(existing, ifNoneMatch, origin, deps.rateHeaders());
      }
      // Tabs that ask together while nobody has the answer share one upstream request.
      const pending = firstAsks.get(key);
      if (pending) {
        const entry = await pending;
        if (entry) return answerFrom(entry, ifNoneMatch, origin, deps.rateHeaders());
        return forwardOnce();
      }
      let response: Response | undefined;
      const first = (async () => {
        const asked = Date.now();
        if (snapshots) {
          // This gateway's own queued writes first (a write just made a snapshot stale: it is being removed).
          await writes;
          // Another gateway of the team may follow it already, or be asking for it right now.
          const stored = await snapshots.get(key);
          if (stored && storedUsable(stored, asked)) return adopt(target, stored, asked);
          if (!(await snapshots.claimFirst(key, target.kind, holder, POLL_LEASE_MS))) {
            const answered = await answerOfOther(snapshots, key, asked, () => stopped);
            if (answered) return adopt(target, answered, Date.now());
          }
        }
        response = await forwardOnce();
        if (response.status !== 200 || stopped) {
          if (snapshots) persist(() => snapshots.removeAsking(key));
          return undefined;
        }
        const now = Date.now();
        const entry = entries.get(key) ?? newEntry(target, now);
        entry.askedAt = now;
        entry.holding = snapshots !== undefined;
        await takeAnswer(entry, response, now, deps.upstreamNow().getTime());
        recordState(entry, actor);
        save(entry);
        keep(entry);
        schedule(entry);
        return entry;
      })();
      firstAsks.set(key, first);
      try {
        const entry = await first;
        return entry ? answerFrom(entry, ifNoneMatch, origin, deps.rateHeaders()) : response!;
      } finally {
        firstAsks.delete(key);
      }
    },

    /** A write went through: what it changed is asked for afresh next time (by every gateway). */
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
      if (!snapshots) return 0;
      // The embedded store's previous process is gone (its lock says so): its leases are void.
      if (deps.soleUser) await snapshots.releaseAll();
      const now = Date.now();
      let resumed = 0;
      // The most recently seen first, within the bound (an older store may hold more).
      const live = (await snapshots.all())
        .filter((snapshot) => !snapshot.terminal && !entries.has(snapshot.path))
        .sort((a, b) => b.seenAt.getTime() - a.seenAt.getTime())
        .slice(0, Math.max(0, maxEntries - entries.size));
      for (const snapshot of live) {
        const entry = newEntry(targetOf(snapshot), now);
        readInto(entry, snapshot, now);
        entry.seenAt = 0; // not served until a poll (or the gateway polling it) confirms it
        keep(entry);
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

    /** What this gateway follows now, newest first. */
    list(): WatchEntry[] {
      return [...entries.values()].filter((entry) => entry.seenAt > 0).sort((a, b) => b.seenAt - a.seenAt);
    },

    /**
     * What the team follows (the overview's "imports followed"): every snapshot in the store seen within the idle
     * time, whichever gateway polls it; without a store, this gateway's own list.
     */
    async followed(): Promise<WatchEntry[]> {
      if (!snapshots) return this.list();
      const now = Date.now();
      const shown = new Map<string, WatchEntry>();
      for (const snapshot of await snapshots.all()) {
        if (now - snapshot.seenAt.getTime() >= IDLE_FORGET_MS) continue;
        const entry = newEntry(targetOf(snapshot), now);
        readInto(entry, snapshot, now);
        shown.set(entry.target.key, entry);
      }
      // This gateway's own copy is at least as new as what it last wrote.
      for (const entry of this.list()) shown.set(entry.target.key, entry);
      return [...shown.values()].sort((a, b) => b.seenAt - a.seenAt);
    },

    /** Wait for polls in flight and queued store writes. */
    async settle(): Promise<void> {
      await Promise.all([...entries.values()].map((entry) => entry.polling ?? Promise.resolve()));
      await writes;
    },

    /** Stop following; the team's other gateways take this one's resources at once. */
    stop(): void {
      stopped = true;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
      if (snapshots) persist(() => snapshots.releaseAll(holder));
    },
  };
}

export type Watcher = ReturnType<typeof createWatcher>;
