import type { WatchSnapshots } from '../store/watch-snapshots';
import type { WatchEntry } from './watch-entry';
import type { WatchTarget } from './watch-targets';
import type { WriteQueue } from './write-queue';

/** A lease outlives its holder's next poll by this much: a dead gateway's resources are taken over after it. */
export const LEASE_GRACE_MS = 10_000;
/** The lease taken to poll (or to ask first): longer than any one upstream exchange. */
export const POLL_LEASE_MS = 60_000;

/**
 * What a gateway does when a resource is due: `poll` it (it holds the lease), poll it after reading what the last
 * holder wrote (`taken-over`: the lease just came to this gateway), `read` the holder's copy, or drop it (`gone`:
 * its row left the store).
 */
export type Turn = 'poll' | 'taken-over' | 'read' | 'gone';

export interface TeamLeaseOptions {
  /** The team's store; without one the gateway is alone and always polls. */
  snapshots?: WatchSnapshots;
  /** This gateway's name on leases. */
  holder: string;
  /** Renewals and releases go in the watcher's queue of store writes, in order. */
  writes: WriteQueue;
  pollLeaseMs?: number;
  graceMs?: number;
}

/**
 * Which gateway of a team polls a watched resource: the one holding the lease on its snapshot row (on the
 * store's clock). The holder keeps it until just after its next poll; a lease that runs out (its gateway died) is
 * taken by the next gateway whose turn comes. Each entry's `holding` says whether this gateway holds it, and only
 * this module sets it.
 */
export function createTeamLease({
  snapshots,
  holder,
  writes,
  pollLeaseMs = POLL_LEASE_MS,
  graceMs = LEASE_GRACE_MS,
}: TeamLeaseOptions) {
  return {
    /** Whose turn it is to poll `entry` now; taking (or keeping) the lease when it is free or this gateway's. */
    async turn(entry: WatchEntry): Promise<Turn> {
      if (!snapshots) return 'poll';
      const turn = await snapshots.claim(entry.target.key, holder, pollLeaseMs);
      if (turn === 'held') {
        const takenOver = !entry.holding;
        entry.holding = true;
        return takenOver ? 'taken-over' : 'poll';
      }
      entry.holding = false;
      return turn === 'missing' ? 'gone' : 'read';
    },

    /** Whether this gateway asks the upstream first for the team (false: another gateway asks or polls now). */
    async askFirst(target: WatchTarget): Promise<boolean> {
      if (!snapshots) return true;
      return snapshots.claimFirst(target.key, target.kind, holder, pollLeaseMs);
    },

    /** This gateway's first ask was answered: it holds the lease it asked with (when there is a team). */
    holdAsFirst(entry: WatchEntry): void {
      entry.holding = snapshots !== undefined;
    },

    /** This gateway's first ask got no answer: the gateways waiting for it ask themselves. */
    unanswered(key: string): void {
      if (snapshots) writes.add(() => snapshots.removeAsking(key));
    },

    /** Keep the lease until just after the next poll, due in `delay` ms; give it up when there is none. */
    keepUntilNext(entry: WatchEntry, delay: number | false): void {
      if (!entry.holding || !snapshots) return;
      const key = entry.target.key;
      if (delay === false) writes.add(() => snapshots.release(key, holder));
      else writes.add(async () => void (await snapshots.claim(key, holder, delay + graceMs)));
    },

    /** This gateway stops following `entry` (another may go on): its lease, if held, goes at once. */
    giveUp(entry: WatchEntry): void {
      if (entry.holding && snapshots) writes.add(() => snapshots.release(entry.target.key, holder));
      entry.holding = false;
    },

    /** This gateway stops: the team's other gateways take its resources at once. */
    giveUpAll(): void {
      if (snapshots) writes.add(() => snapshots.releaseAll(holder));
    },

    /** No other process can use the store (the embedded one): leases left by a previous run are void. */
    async voidPrevious(): Promise<void> {
      await snapshots?.releaseAll();
    },
  };
}

export type TeamLease = ReturnType<typeof createTeamLease>;
