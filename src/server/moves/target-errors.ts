/**
 * What the target GitHub.com said that stops a call, typed so a route answers each as itself (GitHub's words
 * kept; bounded where the answer was parsed).
 */

/** GitHub answered with a GraphQL error the caller cannot work around (its `type` and message). */
export class TargetGraphqlError extends Error {
  override name = 'TargetGraphqlError';
  constructor(
    message: string,
    readonly type: string | undefined,
  ) {
    super(message);
  }
}

/** A primary (`RATE_LIMITED`, HTTP 403/429 at 0 remaining) or secondary (`RATE_LIMIT`) limit: wait, then ask. */
export class TargetRateLimitedError extends Error {
  override name = 'TargetRateLimitedError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** What the wait is for, as a page says it: "the source’s GraphQL budget", "the target’s secondary limit". */
    readonly waitingFor?: string,
  ) {
    super(message);
  }
}

/** `SERVICE_UNAVAILABLE`: "GitHub Enterprise Importer is currently unavailable. Please try again later." */
export class TargetUnavailableError extends Error {
  override name = 'TargetUnavailableError';
}

/** HTTP 401: the token is unknown, revoked or expired ("Bad credentials"). */
export class TargetCredentialError extends Error {
  override name = 'TargetCredentialError';
}
