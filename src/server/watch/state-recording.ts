import type { Timeline } from '../store/timeline';
import type { WatchSnapshots } from '../store/watch-snapshots';
import { snapshotOf, type WatchEntry } from './watch-entry';
import type { WriteQueue } from './write-queue';

/** A migration or import reached a new state (recorded in the timeline by this gateway): alerts. */
export type StateListener = (
  kind: 'migration' | 'import',
  subject: string,
  state: string,
  body: unknown,
) => void;

export interface StateRecordingOptions {
  snapshots?: WatchSnapshots;
  timeline?: Timeline;
  /** The upstream's clock (for timeline times). */
  upstreamNow: () => Date;
  onState?: StateListener;
  /** Every write goes in the watcher's queue of store writes, in order. */
  writes: WriteQueue;
}

/**
 * What the watcher sees, written down for the team: each snapshot (the other gateways answer from it) and each
 * change of a migration's or import's state (one timeline event and one `onState` call per change, whichever
 * gateway of the team saw it first).
 */
export function createStateRecording({
  snapshots,
  timeline,
  upstreamNow,
  onState,
  writes,
}: StateRecordingOptions) {
  /** The last state recorded per subject, as this gateway knows it (read from the timeline when unknown). */
  const lastStates = new Map<string, string>();

  return {
    /** Record the entry's state when it differs from the last one recorded for its subject. */
    recordState(entry: WatchEntry, actor: string): void {
      const subject = entry.target.subject;
      if (!subject || entry.target.kind === 'list' || !timeline) return;
      const state = entry.observed.state;
      const kind = entry.target.kind === 'import' ? 'import' : 'migration';
      writes.add(async () => {
        if (!lastStates.has(subject)) {
          const previous = (await timeline.forSubject(subject)).at(-1);
          if (previous) lastStates.set(subject, previous.state);
        }
        if (lastStates.get(subject) === state) return;
        lastStates.set(subject, state);
        onState?.(kind, subject, state, entry.body);
        // A migration's guid tells it apart from an earlier one with the same id (a reset simulator).
        const guid = (entry.body as { guid?: unknown } | null)?.guid;
        await timeline.record({
          at: upstreamNow(),
          kind,
          subject,
          state,
          actor,
          ...(typeof guid === 'string' ? { detail: { guid } } : {}),
        });
      });
    },

    /** Read the subject's last state from the timeline again before recording (another gateway recorded it). */
    reread(subject: string): void {
      lastStates.delete(subject);
    },

    /** Forget every state known (the simulator behind was reset: ids start again). */
    clear(): void {
      lastStates.clear();
    },

    /** Write what this gateway saw of the entry: the team's other gateways answer from it. */
    save(entry: WatchEntry): void {
      if (snapshots) writes.add(() => snapshots.put(snapshotOf(entry)));
    },

    /** Remove the resource's snapshot (gone upstream, or made stale by a write). */
    remove(key: string): void {
      if (snapshots) writes.add(() => snapshots.remove(key));
    },
  };
}

export type StateRecording = ReturnType<typeof createStateRecording>;
