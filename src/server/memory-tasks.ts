import type { GatewayMemory } from './app';
import type { FerryStore } from './store/ferry-store';

export const SAMPLE_EVERY_MS = 60_000;
export const COMPACT_EVERY_MS = 3_600_000;

/**
 * The gateway's background work while it runs: resume watching what was live before a restart, sample
 * `/rate_limit` (free: it does not count against the limit) each minute, and thin old history each hour.
 */
export function startMemoryTasks(
  memory: GatewayMemory,
  store: FerryStore,
  log: (line: string) => void = console.error,
) {
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const sample = async () => {
    try {
      const response = await memory.upstreamGet('rate_limit');
      if (response.status === 200) await memory.recorder.recordBody(await response.json());
      else void response.body?.cancel();
    } catch (error) {
      log(`[memory] rate-limit sample failed: ${describe(error)}`);
    }
  };
  const compact = () =>
    store.rateHistory
      .compact(memory.recorder.upstreamNow())
      .catch((error: unknown) => log(`[memory] compaction failed: ${describe(error)}`));

  const restored = memory.watcher?.restore().catch((error: unknown) => {
    log(`[memory] watch snapshots not restored: ${describe(error)}`);
    return 0;
  });
  void sample().then(compact);
  const sampler = setInterval(() => void sample(), SAMPLE_EVERY_MS);
  const compactor = setInterval(() => void compact(), COMPACT_EVERY_MS);
  sampler.unref();
  compactor.unref();

  return {
    restored: restored ?? Promise.resolve(0),
    sample,
    async stop() {
      clearInterval(sampler);
      clearInterval(compactor);
      memory.watcher?.stop();
      await memory.watcher?.settle();
      await memory.recorder.flush();
    },
  };
}
