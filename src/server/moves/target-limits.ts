import { msUntilUpstream, readRateLimitPause } from '@/contracts/github/http';
import type { GraphqlError } from '@/contracts/github/gei';
import type { AccountGate } from '@/server/credentials/account-limits';
import { TargetRateLimitedError } from './target-errors';

/**
 * The target's "wait" answers, read once for its GraphQL and REST calls: how long (in real time), and the hold
 * that keeps every gateway of the team from sending with that account's token meanwhile.
 */

/** Seconds to wait after a secondary limit that named no `retry-after` (GitHub's advice: at least a minute). */
export const SECONDARY_WAIT_SECONDS = 60;

/**
 * Real milliseconds GitHub asked to wait: `retry-after` first; then, for a spent budget, its reset on GitHub's own
 * clock (the answer's `Date`); a minute where it named no time. Undefined: not a limit.
 */
export function limitWaitMs(
  response: Response,
  message: string | undefined,
  limitedBy: Pick<GraphqlError, 'type'> | undefined,
  clockRate: number,
): number | undefined {
  const at = { now: Date.now(), clockRate };
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  const inUpstreamMs = (ms: number) => ms / Math.max(1, clockRate);
  const pause = readRateLimitPause(response.status, response.headers, message);
  if (pause)
    return pause.kind === 'secondary'
      ? inUpstreamMs(pause.waitMs)
      : pause.resetAtMs === undefined
        ? inUpstreamMs(SECONDARY_WAIT_SECONDS * 1_000)
        : msUntilUpstream(pause.resetAtMs, response.headers, at);
  if (!limitedBy) return undefined;
  if (Number.isFinite(retryAfter) && retryAfter > 0) return inUpstreamMs(retryAfter * 1_000);
  const reset = Number(response.headers.get('x-ratelimit-reset') ?? NaN);
  if (limitedBy.type === 'RATE_LIMITED' && Number.isFinite(reset))
    return msUntilUpstream(reset * 1_000, response.headers, at);
  return inUpstreamMs(SECONDARY_WAIT_SECONDS * 1_000);
}

/** Whole seconds for a `retry-after` (at least one). */
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/** GitHub asked this account to wait: held for the team (nothing is sent with its token until then), then thrown. */
export async function limited(
  gate: AccountGate | undefined,
  message: string,
  waitMs: number,
  waitingFor?: string,
): Promise<never> {
  await gate?.hold(waitMs);
  throw new TargetRateLimitedError(message, secondsOf(waitMs), waitingFor);
}

/** Which of GitHub's limits an answer named, said of a side: "the source’s GraphQL budget" (a spent budget). */
export function limitName(side: string, budget: boolean): string {
  return `${side}’s ${budget ? 'GraphQL budget' : 'secondary limit'}`;
}

/** Before any request: the account is held (by this gateway or another) → the same error, nothing sent. */
export async function refuseWhileHeld(gate: AccountGate | undefined, side?: string): Promise<void> {
  const held = (await gate?.heldMs()) ?? 0;
  if (held > 0)
    throw new TargetRateLimitedError(
      'GitHub asked Ferry to wait: nothing is sent with this account’s token until then.',
      secondsOf(held),
      side ? `${side}’s account, held for the team` : undefined,
    );
}
