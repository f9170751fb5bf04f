import type { GatewayMemory } from './gateway/services';
import type { JobEngine } from './jobs/job-engine';
import type { FerryStore } from './store/ferry-store';

/** Cron schedules of the memory jobs: a reading each minute, compaction each hour (one gateway of a team each time). */
export const SAMPLE_CRON = '* * * * *';
export const COMPACT_CRON = '17 * * * *';

/**
 * The gateway's background work while it runs: resume watching what was live before a restart, sample
 * `/rate_limit` (free: it does not count against the limit) each minute, and thin old history each hour. The
 * minute and the hour are jobs on the job engine (src/server/jobs), so a team of gateways takes one reading per
 * minute between them, and a gateway that dies leaves the next reading to the others.
 */
export function startMemoryTasks(
  memory: GatewayMemory,
  store: FerryStore,
  /** The runtime's engine: there is one whenever there is a store. */
  jobs: (() => Promise<JobEngine>) | undefined,
  log: (line: string) => void = console.error,
) {
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
  // Each credential is sampled (free for each): what it reads is its account’s budget (tokens of one user share one).
  const sampleOne = async (credential: string) => {
    try {
      const response = await memory.upstreamGet('rate_limit', undefined, credential);
      if (response.status === 200) await memory.recorder.recordBody(await response.json(), credential);
      else void response.body?.cancel();
    } catch (error) {
      log(`[memory] rate-limit sample of ${credential} failed: ${describe(error)}`);
    }
  };
  const sample = async () => {
    await Promise.all(memory.credentials.list.map((credential) => sampleOne(credential.name)));
  };
  const compact = () =>
    store.rateHistory
      .compact(memory.recorder.upstreamNow())
      .catch((error: unknown) => log(`[memory] compaction failed: ${describe(error)}`));

  const restored = memory.watcher?.restore().catch((error: unknown) => {
    log(`[memory] watch snapshots not restored: ${describe(error)}`);
    return 0;
  });
  // A reading at once, so the history starts with the gateway rather than at the next whole minute.
  void sample().then(compact);
  const scheduled = (async () => {
    if (!jobs) throw new Error('the gateway has no job engine');
    const engine = await jobs();
    await engine.work('memory-sample', 1, sample);
    await engine.work('memory-compact', 1, async () => void (await compact()));
    await engine.every('memory-sample', SAMPLE_CRON);
    await engine.every('memory-compact', COMPACT_CRON);
  })().catch((error: unknown) => log(`[memory] minute and hour jobs not scheduled: ${describe(error)}`));

  return {
    restored: restored ?? Promise.resolve(0),
    /** Resolves once the minute and hour jobs are scheduled (or their failure is logged). */
    scheduled,
    sample,
    async stop() {
      memory.watcher?.stop();
      await memory.watcher?.settle();
      await memory.recorder.flush();
    },
  };
}
