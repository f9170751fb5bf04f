import { ASKING, type StoredWatch, type WatchSnapshots } from '../store/watch-snapshots';
import { storedUsable } from './watch-entry';

/** How long a gateway waits for another gateway's first ask before asking itself, and how often it looks. */
const FIRST_ASK_WAIT_MS = 20_000;
const FIRST_ASK_LOOK_MS = 100;

/**
 * Another gateway of the team is asking the upstream first: its answer once it is in the store (servable, or
 * seen since this gateway asked), or nothing when the row goes away (its ask failed) or after a while.
 */
export async function answerOfOther(
  snapshots: WatchSnapshots,
  key: string,
  since: number,
  stopped: () => boolean,
): Promise<StoredWatch | undefined> {
  for (const deadline = Date.now() + FIRST_ASK_WAIT_MS; Date.now() < deadline && !stopped();) {
    const stored = await snapshots.get(key);
    if (!stored) return undefined;
    if (stored.state !== ASKING && (storedUsable(stored, Date.now()) || stored.seenAt.getTime() >= since))
      return stored;
    await new Promise((resolve) => setTimeout(resolve, FIRST_ASK_LOOK_MS));
  }
  return undefined;
}
