import { RATE_LIMIT_HEADER } from './rate-limit';

/**
 * How Ferry speaks HTTP to GitHub, wherever the request starts (the gateway's forward path, the wave
 * runner, the watcher) and how it reads GitHub's "wait" answers (the SPA's errors, the gateway's pauses).
 */
export const USER_AGENT = 'Ferry/0.1 (+https://github.com/ferry-dashboard)';
export const GITHUB_API_VERSION = '2022-11-28';
/**
 * The REST API versions Ferry speaks (`GITHUB_API_VERSION`). `2026-03-10` is GitHub's first calendar version with
 * breaking changes for Ferry's operations (no top-level `rate` in `/rate_limit`; minimal repositories in
 * migration answers); GitHub Enterprise Server 3.20 accepts only `2022-11-28`.
 */
export const GITHUB_API_VERSIONS = [GITHUB_API_VERSION, '2026-03-10'] as const;
export type GithubApiVersion = (typeof GITHUB_API_VERSIONS)[number];
/** The migrations API's preview media type (the specification requires it; today's GitHub ignores it). */
export const PREVIEW_ACCEPT = 'application/vnd.github.wyandotte-preview+json';
export const JSON_ACCEPT = 'application/vnd.github+json';

/** GitHub's words for a secondary limit (its 403 carries them; its headers may not). */
const SECONDARY_LIMIT = /\bsecondary rate\b/i;
/** GitHub's advice when a limited answer says nothing of when: wait at least a minute. */
export const DEFAULT_SECONDARY_WAIT_MS = 60_000;

export type RateLimitPause =
  /** The primary limit is used up until `resetAtMs` (epoch ms on GitHub's clock; undefined when unsent). */
  | { kind: 'primary'; resetAtMs: number | undefined }
  /** A secondary limit: wait `waitMs` from now. */
  | { kind: 'secondary'; waitMs: number };

/**
 * Whether an answer is GitHub saying "wait", and for how long, in GitHub's documented order: `retry-after`
 * first, then a secondary-limit message with no figure (a minute), then `x-ratelimit-remaining: 0` until
 * `x-ratelimit-reset`. Anything else (a 403 for missing permissions) is not a pause.
 */
export function readRateLimitPause(
  status: number,
  headers: Headers,
  message?: string,
): RateLimitPause | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = Number(headers.get('retry-after') ?? NaN);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return { kind: 'secondary', waitMs: retryAfter * 1000 };
  // A secondary limit can arrive while the primary budget is also spent: its words win (it lifts sooner).
  if (message !== undefined && SECONDARY_LIMIT.test(message))
    return { kind: 'secondary', waitMs: DEFAULT_SECONDARY_WAIT_MS };
  if (headers.get(RATE_LIMIT_HEADER.remaining)?.trim() === '0') {
    const reset = Number(headers.get(RATE_LIMIT_HEADER.reset) ?? NaN);
    return { kind: 'primary', resetAtMs: Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined };
  }
  return undefined;
}

/** The upstream's own time when it answered (its `Date` header), or undefined when it sent none. */
export function answerDateMs(headers: Headers): number | undefined {
  const date = Date.parse(headers.get('date') ?? '');
  return Number.isFinite(date) ? date : undefined;
}

/**
 * Real milliseconds until a time on GitHub's clock (a budget's reset): measured against the answer's own `Date`,
 * never this machine's clock, and divided by `clockRate` — the upstream's seconds per real second (a simulated
 * GitHub may run faster; 1 for GitHub itself).
 */
export function msUntilUpstream(
  upstreamAtMs: number,
  headers: Headers,
  options: { now: number; clockRate?: number },
): number {
  const upstreamNow = answerDateMs(headers) ?? options.now;
  return Math.max(0, (upstreamAtMs - upstreamNow) / Math.max(1, options.clockRate ?? 1));
}
