/**
 * Where a move's time goes (the bench's own measurement, not the product's): every async method of a store
 * part wrapped to count its calls and their wall time, and the repositories done sampled over time.
 */
export interface CallTally {
  calls: number;
  totalMs: number;
  maxMs: number;
}

export type Probe = Map<string, CallTally>;

/** The first frame of Ferry's own code outside the store: who asked (`advance-move.ts:unlockValidated`). */
function callerOf(stack: string): string {
  for (const line of stack.split('\n').slice(2)) {
    const match = /at (?:async )?(\S+) \(.*\/src\/server\/(?!store\/)(.+?):\d+:\d+\)/.exec(line);
    if (match) return `${match[2]?.split('/').at(-1)}:${match[1]}`;
  }
  return '?';
}

/** `target` with each function property timed into `probe` under `prefix.method`. */
export function probed<T extends object>(probe: Probe, prefix: string, target: T): T {
  const wrapped: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [key, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const fn = value as (...args: unknown[]) => unknown;
    wrapped[key] = async (...args: unknown[]) => {
      const caller = callerOf(new Error().stack ?? '');
      const started = performance.now();
      try {
        return await fn.apply(target, args);
      } finally {
        const ms = performance.now() - started;
        const name = `${prefix}.${key} ← ${caller}`;
        const entry = probe.get(name) ?? { calls: 0, totalMs: 0, maxMs: 0 };
        entry.calls += 1;
        entry.totalMs += ms;
        entry.maxMs = Math.max(entry.maxMs, ms);
        probe.set(name, entry);
      }
    };
  }
  return wrapped as T;
}

/** `calls × mean (max)` of each probed method, the most time first. */
export function probeSummary(probe: Probe): string {
  return [...probe]
    .sort((a, b) => b[1].totalMs - a[1].totalMs)
    .map(
      ([name, entry]) =>
        `${name} ${entry.calls}× ${(entry.totalMs / Math.max(1, entry.calls)).toFixed(1)} ms (max ${entry.maxMs.toFixed(0)}, total ${(entry.totalMs / 1000).toFixed(1)} s)`,
    )
    .join('; ');
}

/** The job engine's SQL timed into `probe` by the statement's first words (pg-boss's fetch, send, complete…). */
export function probedSql<A extends unknown[], R>(
  probe: Probe,
  executeSql: (text: string, ...rest: A) => Promise<R>,
): (text: string, ...rest: A) => Promise<R> {
  return async (text, ...rest) => {
    const started = performance.now();
    try {
      return await executeSql(text, ...rest);
    } finally {
      const ms = performance.now() - started;
      const name = `sql:${text.replace(/\s+/g, ' ').trim().slice(0, 48)}`;
      const entry = probe.get(name) ?? { calls: 0, totalMs: 0, maxMs: 0 };
      entry.calls += 1;
      entry.totalMs += ms;
      entry.maxMs = Math.max(entry.maxMs, ms);
      probe.set(name, entry);
    }
  };
}
