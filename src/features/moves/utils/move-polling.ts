import type { Move, MoveState } from '@/contracts/move-run';

/** While a move runs: the page reads the gateway's copy (no GitHub request), so every 2 s costs GitHub nothing. */
export const VISIBLE_POLL_MS = 2_000;
/**
 * A hidden tab still keeps its title's state current (a move runs for hours), but 15 times less often; the
 * tab shown again asks at once (React Query refetches on focus).
 */
export const HIDDEN_POLL_MS = 30_000;

/** Running and paused moves change (a paused one still has imports running on GitHub); the rest never do. */
export const isLiveMove = (state: MoveState | undefined) => state === 'running' || state === 'paused';

/**
 * An ended move still changes while the gateway unlocks its sources: one the user asked to unlock ("Unlock
 * anyway"), or those a cancel unlocks (the gateway's `unlockOwed`). The answer to the ask comes before the
 * unlock is done, so the page must keep reading until it is.
 */
export function isSettlingMove(move: Pick<Move, 'state' | 'afterCancel' | 'repositories'>): boolean {
  return move.repositories.some(
    (repo) =>
      repo.sourceLock === 'locked' &&
      (repo.unlockAsked === true ||
        (move.state === 'cancelled' &&
          move.afterCancel !== 'keep-locked' &&
          repo.step === 'cancelled' &&
          repo.validation?.result !== 'failed')),
  );
}

const intervalOf = (hidden: boolean) => (hidden ? HIDDEN_POLL_MS : VISIBLE_POLL_MS);

/** How long until the next read of a move: while it is live, or ended but still unlocking its sources. */
export function movePollInterval(
  move: Pick<Move, 'state' | 'afterCancel' | 'repositories'> | undefined,
  hidden: boolean,
): number | false {
  if (!move || (!isLiveMove(move.state) && !isSettlingMove(move))) return false;
  return intervalOf(hidden);
}

/** The list polls as its liveliest move does: not at all once every move has ended. */
export function listPollInterval(states: readonly MoveState[] | undefined, hidden: boolean) {
  return states?.some(isLiveMove) ? intervalOf(hidden) : false;
}

export const tabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
