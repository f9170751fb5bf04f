/**
 * Send writes one at a time, spaced (GitHub: "make requests serially", "wait at least one second between
 * mutative requests"). A failure is recorded and the queue goes on; nothing is retried automatically.
 */
export interface SaveOutcome<K> {
  saved: K[];
  failed: { key: K; error: unknown }[];
}

export interface SerialSaveOptions<K> {
  spacingMs: number;
  onProgress?: (done: number, total: number, last: { key: K; error?: unknown }) => void;
  signal?: AbortSignal;
  /** Awaited before each write: holds the queue while paused; `false` stops it (see save-control.ts). */
  gate?: () => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function saveSerially<T, K>(
  items: readonly T[],
  keyOf: (item: T) => K,
  send: (item: T) => Promise<unknown>,
  options: SerialSaveOptions<K>,
): Promise<SaveOutcome<K>> {
  const sleep = options.sleep ?? wait;
  const outcome: SaveOutcome<K> = { saved: [], failed: [] };
  for (const [index, item] of items.entries()) {
    if (options.signal?.aborted) break;
    if (index > 0 && options.spacingMs > 0) await sleep(options.spacingMs);
    if (options.gate && !(await options.gate())) break;
    const key = keyOf(item);
    try {
      await send(item);
      outcome.saved.push(key);
      options.onProgress?.(index + 1, items.length, { key });
    } catch (error) {
      outcome.failed.push({ key, error });
      options.onProgress?.(index + 1, items.length, { key, error });
    }
  }
  return outcome;
}
