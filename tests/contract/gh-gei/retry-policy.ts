/**
 * gh-gei v1.32.0's RetryPolicy (src/Octoshift/RetryPolicy.cs, Polly): the same decisions — what is retried, how
 * many times, in what order the unauthorized check runs — with the waits handed to an injectable `sleep` (a test
 * turns them into simulated time instead of wall-clock time).
 */
import { HttpRequestError, OctoshiftCliError } from './wire';

/** Waits `ms` milliseconds (a test may advance a simulated clock instead); `why` names the C# wait. */
export type Sleep = (ms: number, why: string) => Promise<void>;

const RETRIES = 5;

export type PolicyResult<T> =
  { outcome: 'Successful'; result: T } | { outcome: 'Failure'; result?: T; exception?: unknown };

export class RetryPolicy {
  /** `_httpRetryInterval` (HttpRetry: attempt × 1 s) and `_retryInterval` (Retry, RetryOnResult: attempt × 4 s). */
  readonly httpRetryInterval = 1000;
  readonly retryInterval = 4000;

  constructor(
    private readonly sleep: Sleep,
    /** `WithServiceName("GitHub")` for the GithubClient's own policy (GithubApiFactory); null for the singleton. */
    private readonly serviceName: string | null = null,
  ) {}

  withServiceName(serviceName: string): RetryPolicy {
    return new RetryPolicy(this.sleep, serviceName);
  }

  /**
   * `Retry(func)`: `Policy.Handle<Exception>().WaitAndRetryAsync(5, retry => retry * 4 s, onRetry)` — any
   * exception, 5 retries (6 attempts), waits 4, 8, 12, 16, 20 s. `onRetry` runs before the wait and throws
   * "Unauthorized…" for an HttpRequestException with status 401, which ends the retrying.
   */
  async retry<T>(func: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await func();
      } catch (error) {
        if (attempt > RETRIES) throw error;
        if (error instanceof HttpRequestError && error.statusCode === 401) this.throwUnauthorized(error);
        await this.sleep(attempt * this.retryInterval, 'RetryPolicy.Retry');
      }
    }
  }

  /**
   * `HttpRetry(func, filter)`: only HttpRequestExceptions the filter accepts, 5 retries, waits attempt × 1 s; a
   * final 401 becomes "Unauthorized…".
   */
  async httpRetry<T>(func: () => Promise<T>, filter: (error: HttpRequestError) => boolean): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await func();
      } catch (error) {
        const handled = error instanceof HttpRequestError && filter(error);
        if (!handled || attempt > RETRIES) {
          if (error instanceof HttpRequestError && error.statusCode === 401) this.throwUnauthorized(error);
          throw error;
        }
        await this.sleep(attempt * this.httpRetryInterval, 'RetryPolicy.HttpRetry');
      }
    }
  }

  /**
   * `RetryOnResult(func, predicate)`: `Policy.HandleResult(predicate).WaitAndRetryAsync(5, retry * 4 s)` run with
   * ExecuteAndCaptureAsync — a result the predicate still dislikes after 5 retries is a Failure, and so is any
   * exception (not handled by this policy: captured at once, never retried).
   */
  async retryOnResult<T>(
    func: () => Promise<T>,
    predicate: (result: T) => boolean,
  ): Promise<PolicyResult<T>> {
    for (let attempt = 1; ; attempt += 1) {
      let result: T;
      try {
        result = await func();
      } catch (exception) {
        return { outcome: 'Failure', exception };
      }
      if (!predicate(result)) return { outcome: 'Successful', result };
      if (attempt > RETRIES) return { outcome: 'Failure', result };
      await this.sleep(attempt * this.retryInterval, 'RetryPolicy.RetryOnResult');
    }
  }

  private throwUnauthorized(error: HttpRequestError): never {
    const context = this.serviceName !== null ? ` (${this.serviceName})` : '';
    throw new OctoshiftCliError(`Unauthorized${context}. Please check your token and try again`, {
      cause: error,
    });
  }
}
