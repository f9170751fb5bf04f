import type { MoveState } from '@/contracts/move-run';

/** While a move runs: the page reads the gateway's copy (no GitHub request), so every 2 s costs GitHub nothing. */
export const VISIBLE_POLL_MS = 2_000;
/**
 * A hidden tab still keeps its title's state current (a move runs for hours), but 15 times less often; the
 * tab shown again asks at once (React Query refetches on focus).
 */
export const HIDDEN_POLL_MS = 30_000;

/** Running and paused moves change (a paused one still has imports running on GitHub); the rest never do. */
export const isLiveMove = (state: MoveState | undefined) => state === 'running' || state === 'paused';

/** How long until the next read of a move (or of the list, given whether any move in it is live). */
export function movePollInterval(state: MoveState | undefined, hidden: boolean): number | false {
  if (!isLiveMove(state)) return false;
  return hidden ? HIDDEN_POLL_MS : VISIBLE_POLL_MS;
}

/** The list polls as its liveliest move does: not at all once every move has ended. */
export function listPollInterval(states: readonly MoveState[] | undefined, hidden: boolean) {
  return movePollInterval(states?.some(isLiveMove) ? 'running' : undefined, hidden);
}

export const tabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
