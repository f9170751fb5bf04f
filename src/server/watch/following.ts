import type { StoredWatch, WatchSnapshots } from '../store/watch-snapshots';
import type { StateRecording } from './state-recording';
import type { TeamLease } from './team-lease';
import { IDLE_FORGET_MS, newEntry, readInto, takeAnswer, UNREACHABLE, type WatchEntry } from './watch-entry';
import { watchInterval } from './watch-interval';
import type { WatchTarget } from './watch-targets';

export interface FollowingOptions {
  /** A GET through the gateway's own forwarding (allow-list, credentials, Link rewriting), never the watcher. */
  fetchUpstream: (key: string, ifNoneMatch?: string) => Promise<Response>;
  snapshots?: WatchSnapshots;
  /** The upstream's clock (for rate-limit resets). */
  upstreamNow: () => Date;
  lease: TeamLease;
  recording: StateRecording;
  /** Each upstream poll's outcome (metrics). */
  onPoll?: (result: 'changed' | 'not_modified' | 'failed' | 'unreachable') => void;
  log: (message: string) => void;
  /** Resources followed at once; a new one beyond it makes the least recently asked one forgotten. */
  maxEntries: number;
}

/**
 * The resources this gateway follows, each polled on its turn (its spacing from `watchInterval`, its lease from
 * the team) until it is terminal, idle, gone upstream or forgotten to stay within `maxEntries`.
 */
export function createFollowing(options: FollowingOptions) {
  const { snapshots, lease, recording, log, maxEntries } = options;
  const entries = new Map<string, WatchEntry>();
  let stopped = false;

  /** Stop following locally (another gateway may go on); the lease, if held, is given up. */
  const drop = (entry: WatchEntry) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entries.get(entry.target.key) === entry) entries.delete(entry.target.key);
    lease.giveUp(entry);
  };

  /** Stop following `key` for the team: its snapshot goes too (a later ask forwards again). */
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (entry?.timer) clearTimeout(entry.timer);
    entries.delete(key);
    recording.remove(key);
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
    lease.keepUntilNext(entry, delay);
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
    const turn = await lease.turn(entry);
    if (turn === 'taken-over') {
      // Start from what the last holder saw (its answer and ETag may be newer than this gateway's copy), and
      // read the timeline's last state again before recording.
      if (entry.target.subject) recording.reread(entry.target.subject);
      await readStored(entry);
      return !entry.observed.terminal;
    }
    if (turn === 'gone') drop(entry);
    else if (turn === 'read') await readStored(entry);
    return turn === 'poll';
  };

  const poll = async (entry: WatchEntry) => {
    if (entry.polling || stopped) return;
    entry.polling = (async () => {
      try {
        if (!(await takeTurn(entry))) return;
        const response = await options.fetchUpstream(entry.target.key, entry.headers.etag);
        if (response.status === 404 || response.status === 410) {
          void response.body?.cancel();
          forget(entry.target.key);
          return;
        }
        const taken = await takeAnswer(entry, response, Date.now(), options.upstreamNow().getTime());
        options.onPoll?.(!taken.ok ? 'failed' : response.status === 304 ? 'not_modified' : 'changed');
        if (taken.ok) recording.recordState(entry, 'watcher');
        // Every poll is written, a 304 too: the team's other gateways show when it was last seen.
        recording.save(entry);
      } catch (error) {
        options.onPoll?.('unreachable');
        entry.failure = UNREACHABLE;
        recording.save(entry);
        log(`[watch] ${entry.target.key}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        entry.polling = undefined;
        if (entries.get(entry.target.key) === entry) schedule(entry);
      }
    })();
    return entry.polling;
  };

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

  return {
    entries: entries as ReadonlyMap<string, WatchEntry>,
    isStopped: () => stopped,
    schedule,
    readStored,
    poll,
    forget,
    keep,

    /** Follow what the store holds (another gateway polls it), from now on. */
    adopt(target: WatchTarget, stored: StoredWatch, now: number): WatchEntry {
      const entry = entries.get(target.key) ?? newEntry(target, now);
      readInto(entry, stored, now);
      entry.askedAt = now;
      keep(entry);
      schedule(entry);
      return entry;
    },

    /** No more polls: every timer is cleared (the lease is the caller's to give up). */
    stop(): void {
      stopped = true;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}

export type Following = ReturnType<typeof createFollowing>;
