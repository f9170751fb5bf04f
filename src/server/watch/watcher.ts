import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Timeline } from '../store/timeline';
import type { WatchSnapshots } from '../store/watch-snapshots';
import { firstAnswer, type FirstAnswer } from './first-ask';
import { createFollowing } from './following';
import { createStateRecording, type StateListener } from './state-recording';
import { createTeamLease } from './team-lease';
import { answerFrom } from './watch-answer';
import {
  DEFAULT_WATCH_MAX_ENTRIES,
  IDLE_FORGET_MS,
  newEntry,
  readInto,
  targetOf,
  usable,
  type WatchEntry,
} from './watch-entry';
import type { WatchTarget } from './watch-targets';
import { createWriteQueue } from './write-queue';

export { LEASE_GRACE_MS } from './team-lease';
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
 *
 * Its parts: `following` (the resources this gateway follows and their polls), `team-lease` (which gateway
 * polls), `state-recording` (snapshots, timeline, `onState`) and `write-queue` (their store writes, in order).
 */

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
  onState?: StateListener;
  /** Each upstream poll's outcome (metrics). */
  onPoll?: (result: 'changed' | 'not_modified' | 'failed' | 'unreachable') => void;
  log?: (message: string) => void;
  /** Resources followed at once; a new one beyond it makes the least recently asked one forgotten. */
  maxEntries?: number;
}

export function createWatcher(deps: WatcherDeps) {
  const { snapshots, upstreamNow } = deps;
  const log = deps.log ?? console.error;
  const maxEntries = deps.maxEntries ?? DEFAULT_WATCH_MAX_ENTRIES;
  const writes = createWriteQueue(log);
  const holder = deps.holder ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const lease = createTeamLease({ snapshots, holder, writes });
  const recording = createStateRecording({
    snapshots,
    timeline: deps.timeline,
    upstreamNow,
    onState: deps.onState,
    writes,
  });
  const following = createFollowing({ ...deps, log, maxEntries, lease, recording });
  const { entries, schedule, readStored, poll, forget, keep } = following;
  const parts = { snapshots, upstreamNow, writes, lease, recording, following };
  const firstAsks = new Map<string, Promise<FirstAnswer>>();

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
        const answered = await pending;
        if ('entry' in answered) return answerFrom(answered.entry, ifNoneMatch, origin, deps.rateHeaders());
        return forwardOnce();
      }
      const first = firstAnswer(parts, target, forwardOnce, actor);
      firstAsks.set(key, first);
      try {
        const answered = await first;
        if (!('entry' in answered)) return answered.response;
        return answerFrom(answered.entry, ifNoneMatch, origin, deps.rateHeaders());
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
      if (deps.soleUser) await lease.voidPrevious();
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
      recording.clear();
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
      await writes.idle();
    },

    /** Stop following; the team's other gateways take this one's resources at once. */
    stop(): void {
      following.stop();
      lease.giveUpAll();
    },
  };
}

export type Watcher = ReturnType<typeof createWatcher>;
