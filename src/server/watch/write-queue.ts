/**
 * The watcher's store writes, one after another in the order they were asked for (a release never overtakes the
 * claim before it). A failed write is logged and the next one goes on: a watcher never stops for its store.
 */
export function createWriteQueue(log: (message: string) => void) {
  let writes: Promise<void> = Promise.resolve();
  return {
    add(task: () => Promise<void>): void {
      writes = writes
        .then(task)
        .catch((error: unknown) =>
          log(`[store] watcher write failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    },
    /** Resolves once every write asked for so far is done. */
    idle(): Promise<void> {
      return writes;
    },
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;
