import { isApiError } from './api-error';
import { formatClockTime, formatDuration } from './format';
import { retryDelay, shouldRetry } from './retry-policy';

/** How many attempts the retry policy allows for this error (the first try included). */
export function attemptsFor(error: unknown): number {
  let failures = 0;
  while (failures < 10 && shouldRetry(failures, error)) failures += 1;
  return failures + 1;
}

/** When React Query sends the next attempt, given when the last failure was seen (mirrors retryDelay). */
export function nextAttemptAt(failureCount: number, error: unknown, failedAt: number): number {
  return failedAt + retryDelay(Math.max(0, failureCount - 1), error, failedAt);
}

/**
 * What a loading state says while a read is being retried: the rate-limit pause when that is the reason
 * ("GitHub's limit is reached; resuming at 14:05"), otherwise the countdown and the attempt
 * ("Retrying in 4 s, attempt 2 of 4"). Undefined when nothing has failed or no retry is coming.
 */
export function describeRetry(failureCount: number, error: unknown, failedAt: number, now: number) {
  if (failureCount === 0 || error === null || error === undefined) return undefined;
  if (!shouldRetry(failureCount - 1, error)) return undefined;
  const at = nextAttemptAt(failureCount, error, failedAt);
  if (isApiError(error) && (error.kind === 'rate-limited' || error.kind === 'secondary-rate-limited')) {
    const who = error.upstream === 'registrar' ? 'The registrar’s' : 'GitHub’s';
    return `${who} limit is reached; resuming at ${formatClockTime(at)} (in ${formatDuration(at - now)}).`;
  }
  const attempt = Math.min(failureCount + 1, attemptsFor(error));
  const reason = isApiError(error) ? ` ${error.message}` : '';
  return `Retrying in ${formatDuration(at - now)}, attempt ${attempt} of ${attemptsFor(error)}.${reason}`;
}
