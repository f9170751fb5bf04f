import { startJobEngine, type JobEngine } from '../jobs/job-engine';
import { stepExpirySeconds } from '../jobs/queues';
import type { FerryStore } from '../store/ferry-store';

export interface JobsOnDemand {
  /** The gateway's one job engine, started on first use (waves, alerts and the memory tasks share it). */
  engine: () => Promise<JobEngine>;
  /** Stop the engine if it was started: jobs in hand get `graceMs` to end, the rest go back to the team. */
  stop(graceMs?: number): Promise<void>;
}

export function jobsOnDemand(store: () => Promise<FerryStore>, upstreamTotalMs: number): JobsOnDemand {
  let started: Promise<JobEngine> | undefined;
  const engine = () => {
    started ??= store().then((opened) =>
      startJobEngine({
        executeSql: opened.executeSql,
        exclusive: opened.exclusive,
        kind: opened.kind,
        listen: opened.listen,
        stepExpirySeconds: stepExpirySeconds(upstreamTotalMs),
      }),
    );
    // A failed start is not kept: the next use tries again.
    const starting = started;
    starting.catch(() => {
      if (started === starting) started = undefined;
    });
    return starting;
  };
  const stop = async (graceMs?: number) => {
    await (await started?.catch(() => undefined))?.stop(graceMs);
  };
  return { engine, stop };
}
