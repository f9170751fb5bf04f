/**
 * The job engine is not running on this gateway yet: its set-up failed or waited too long for another gateway's.
 * The next use tries again, so a request meeting it is answered 503 with `Retry-After`, never 500.
 */
export class JobEngineUnavailableError extends Error {
  /** When the caller may ask again. */
  readonly retryAfterSeconds = 5;

  constructor(reason: string, options?: ErrorOptions) {
    super(`Ferry's job engine is still starting (${reason}); try again in a few seconds.`, options);
    this.name = 'JobEngineUnavailableError';
  }
}
