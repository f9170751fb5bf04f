import type { WatchSnapshots } from '../store/watch-snapshots';
import { answerOfOther } from './answer-of-other';
import type { Following } from './following';
import type { StateRecording } from './state-recording';
import type { TeamLease } from './team-lease';
import { newEntry, storedUsable, takeAnswer, type WatchEntry } from './watch-entry';
import type { WatchTarget } from './watch-targets';
import type { WriteQueue } from './write-queue';

export interface FirstAskParts {
  snapshots?: WatchSnapshots;
  /** The upstream's clock (for rate-limit resets). */
  upstreamNow: () => Date;
  writes: WriteQueue;
  lease: TeamLease;
  recording: StateRecording;
  following: Following;
}

/** A first ask's outcome: the entry now followed, or the upstream's answer when it was not a 200 (followed by nobody). */
export type FirstAnswer = { entry: WatchEntry } | { response: Response };

/**
 * A resource nobody at this gateway has a current answer for: follow the team's copy (another gateway polls it,
 * or is asking for it right now), or forward once and follow it from then on, holding the team's lease.
 */
export async function firstAnswer(
  parts: FirstAskParts,
  target: WatchTarget,
  forwardOnce: () => Promise<Response>,
  actor: string,
): Promise<FirstAnswer> {
  const { snapshots, writes, lease, recording, following } = parts;
  const key = target.key;
  const asked = Date.now();
  if (snapshots) {
    // This gateway's own queued writes first (a write just made a snapshot stale: it is being removed).
    await writes.idle();
    // Another gateway of the team may follow it already, or be asking for it right now.
    const stored = await snapshots.get(key);
    if (stored && storedUsable(stored, asked)) return { entry: following.adopt(target, stored, asked) };
    if (!(await lease.askFirst(target))) {
      const answered = await answerOfOther(snapshots, key, asked, following.isStopped);
      if (answered) return { entry: following.adopt(target, answered, Date.now()) };
    }
  }
  const response = await forwardOnce();
  if (response.status !== 200 || following.isStopped()) {
    lease.unanswered(key);
    return { response };
  }
  const now = Date.now();
  const entry = following.entries.get(key) ?? newEntry(target, now);
  entry.askedAt = now;
  lease.holdAsFirst(entry);
  await takeAnswer(entry, response, now, parts.upstreamNow().getTime());
  recording.recordState(entry, actor);
  recording.save(entry);
  following.keep(entry);
  following.schedule(entry);
  return { entry };
}
