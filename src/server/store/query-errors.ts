/**
 * Drizzle's query errors carry the query's parameters in their message (`Failed query: … params: …`), and
 * the parameters are the user's data (a draft's name and e-mail): every log line that printed
 * `error.message` printed them. The store's parts throw this instead: PostgreSQL's code and message, with
 * quoted values dropped, never the parameters.
 */
export class StoreQueryError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause : undefined;
    const raw: unknown = (cause as { code?: unknown } | null | undefined)?.code;
    const code = typeof raw === 'string' ? raw : undefined;
    const message = (reason?.message ?? 'unknown failure').replace(/"[^"]*"|'[^']*'/g, '"…"').split('\n')[0];
    super(`Store query failed${code ? ` (${code})` : ''}: ${message}`);
    this.name = 'StoreQueryError';
    this.code = code;
  }
}

/** Drizzle's wrapper: it has the query, the parameters and the driver's error as its cause. */
function isQueryError(error: unknown): error is Error & { params: unknown; cause?: unknown } {
  return error instanceof Error && 'params' in error && 'query' in error;
}

const rethrow = (error: unknown): never => {
  throw isQueryError(error) ? new StoreQueryError(error.cause ?? new Error('query failed')) : error;
};

/** The same part of the store, its methods throwing StoreQueryError in place of Drizzle's error. */
export function withoutParameters<T extends object>(part: T): T {
  const wrapped = { ...part };
  for (const [name, value] of Object.entries(part)) {
    if (typeof value !== 'function') continue;
    const method = value as (...args: unknown[]) => unknown;
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => {
      try {
        const result = method.apply(part, args);
        return result instanceof Promise ? result.catch(rethrow) : result;
      } catch (error) {
        return rethrow(error);
      }
    };
  }
  return wrapped;
}
