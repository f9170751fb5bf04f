import PgBoss from 'pg-boss';
import type { Exclusive, ExecuteSql } from '@/server/store/open-store';
import { JobEngineUnavailableError } from './engine-unavailable';
import { createLeases, DEFAULT_LEASES, type LeaseSettings } from './job-leases-head.tmp';
import { QUEUES, STEP_QUEUES, type QueueName } from './queues';

/**
 * Ferry's long-running work runs as jobs of pg-boss (docs/team.md says why this engine) in the store Ferry
 * already has: the embedded PGlite through its SQL (one process) or a team's PostgreSQL (any number of
 * gateways). Jobs are claimed with `FOR UPDATE SKIP LOCKED`, so one gateway takes each; a job whose gateway died
 * is handed to another when it expires (`expireInSeconds` per queue); a job that throws is retried with
 * back-off. Delivery is therefore at least once: every handler is written to be run again.
 */
export interface SendOptions {
  /** Run no earlier than this many milliseconds from now. */
  afterMs?: number;
  /** At most one waiting job per key (queues with the `short` policy). */
  key?: string;
  /** Expiry of this job when it differs from its queue's (a long verification). */
  expireInSeconds?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first run; more after a failure or an expiry (its gateway died). */
  retryCount: number;
  /** Aborts when this gateway's lease on the job is lost (another may take it): stop, and send nothing more. */
  signal?: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface JobEngine {
  send<T extends object>(queue: QueueName, data: T, options?: SendOptions): Promise<void>;
  work<T>(queue: QueueName, workers: number, handler: JobHandler<T>): Promise<void>;
  /** Send `queue` a job on a cron schedule; one gateway of the team sends it each time. */
  every(queue: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export type JobEngineOptions = EngineSettings &
  (
    | /** This process is the store's only user (its lock says so): nothing to serialise. */
      { kind: 'embedded'; exclusive?: Exclusive }
      /** A team's server: set-up (pg-boss's schema, a table per queue) runs under the store's lock. */
    | { kind: 'postgres'; exclusive: Exclusive }
  );

interface EngineSettings {
  executeSql: ExecuteSql;
  /** How often an idle worker asks for work (a job sent by this process wakes its workers at once). */
  pollingSeconds?: number;
  /** Expiry of GitHub steps (`stepExpirySeconds(UPSTREAM_TOTAL_MS)`); 90 s when not given. */
  stepExpirySeconds?: number;
  /** How often expired jobs are handed back (one gateway does it per interval). */
  maintenanceSeconds?: number;
  /** How a held job's lease is renewed and a dead holder's job handed back (`DEFAULT_LEASES`). */
  leases?: LeaseSettings;
  /** Longest wait for another gateway's set-up (`SET_UP_WAIT_MS`). */
  setUpWaitMs?: number;
  log?: (line: string) => void;
}

/** The set-up lock's key ("FerJ"; the store's migrations hold "Ferr"). */
export const SET_UP_LOCK = 0x4665_724a;
/** How long a gateway waits for another's set-up (each takes well under a second) before giving up for now. */
export const SET_UP_WAIT_MS = 20_000;

/**
 * Start pg-boss over the store and create Ferry's queues. Gateways of a team starting together on a fresh
 * database used to deadlock here (pg-boss creates each queue's table outside its own lock), so set-up holds the
 * store's advisory lock: one gateway at a time, never a deadlock to retry. A failure (or a wait past
 * `SET_UP_WAIT_MS`) is a `JobEngineUnavailableError`; the caller's next use starts again.
 */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const log = options.log ?? ((line: string) => console.error(`[jobs] ${line}`));
  const boss = createBoss(options, log);
  try {
    const exclusive = options.exclusive ?? ((_key, work) => work());
    await exclusive(SET_UP_LOCK, () => setUp(boss, options, log), options.setUpWaitMs ?? SET_UP_WAIT_MS);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    log(`set-up failed (${reason})`);
    throw new JobEngineUnavailableError(reason, { cause: error });
  }
  return engineOver(boss, options, log);
}

/**
 * pg-boss's worker completes or fails a job without awaiting it (`manager.js`, `onFetch`): a store that fails at
 * that moment (a dropped connection, a store closing) would be an unhandled rejection, and Node ends the process
 * on one. Those two commands' failures are logged instead; the job stays active and its lease hands it back (at
 * least once, as every job here may run).
 */
const UNAWAITED_COMMANDS = [/SET completed_on = now\(\)/, /WITH deleted_jobs AS/];

export function settledIfUnawaited<T>(
  text: string,
  running: Promise<T>,
  log: (line: string) => void,
): Promise<T | { rows: { count: string }[] }> {
  if (!UNAWAITED_COMMANDS.some((command) => command.test(text))) return running;
  return running.catch((error: unknown) => {
    log(
      `a job's outcome was not recorded (${error instanceof Error ? error.message : String(error)}); its lease hands it back`,
    );
    return { rows: [{ count: '0' }] };
  });
}

function createBoss(options: JobEngineOptions, log: (line: string) => void): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => settledIfUnawaited(text, options.executeSql(text, values), log) },
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 5,
    monitorStateIntervalSeconds: 60,
    // Finished jobs are kept a day for inspection, then dropped.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: Error) => log(error.message));
  return boss;
}

async function setUp(boss: PgBoss, options: JobEngineOptions, log: (line: string) => void) {
  await boss.start();
  for (const [name, queue] of Object.entries(QUEUES)) {
    const existing = await boss.getQueue(name);
    const settings = {
      name,
      ...queue,
      ...(options.stepExpirySeconds && STEP_QUEUES.includes(name as QueueName)
        ? { expireInSeconds: options.stepExpirySeconds }
        : {}),
    };
    if (existing) await boss.updateQueue(name, settings);
    else await boss.createQueue(name, settings);
  }
  if (options.kind === 'embedded') await retryOrphans(boss, options.executeSql, log);
}

function engineOver(boss: PgBoss, options: JobEngineOptions, log: (line: string) => void): JobEngine {
  const workers = new Map<QueueName, string[]>();
  const leases = createLeases(options.executeSql, options.leases ?? DEFAULT_LEASES, log);
  leases.start(Object.keys(QUEUES));
  const pollingIntervalSeconds = options.pollingSeconds ?? (options.kind === 'embedded' ? 2 : 1);
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const wake = (queue: QueueName, afterMs: number) => {
    const notify = () => {
      for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
    };
    if (afterMs <= 0) return notify();
    // pg-boss compares start_after with the database's clock at whole milliseconds: a few more to be due.
    const timer = setTimeout(() => {
      timers.delete(timer);
      notify();
    }, afterMs + 5);
    timer.unref();
    timers.add(timer);
  };

  return {
    async send(queue, data, sendOptions = {}) {
      if (stopped) return;
      const id = await boss.send(queue, data, {
        ...(sendOptions.key ? { singletonKey: sendOptions.key } : {}),
        ...(sendOptions.afterMs && sendOptions.afterMs > 0
          ? { startAfter: new Date(Date.now() + sendOptions.afterMs) }
          : {}),
        ...(sendOptions.expireInSeconds ? { expireInSeconds: sendOptions.expireInSeconds } : {}),
      });
      // Wake this process's idle workers when the job is due rather than at their next poll (other gateways
      // poll): a check 50 ms away is not made to wait two seconds.
      if (id) wake(queue, sendOptions.afterMs ?? 0);
    },
    async work(queue, count, handler) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(
          await boss.work<object>(
            queue,
            { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
            async ([job]) => {
              if (!job) return;
              const lease = leases.hold(queue, job.id, new Date(job.startedOn));
              try {
                await handler(job.data as never, {
                  id: job.id,
                  retryCount: job.retryCount,
                  signal: lease.signal,
                });
              } finally {
                lease.release();
              }
            },
          ),
        );
      }
      workers.set(queue, [...(workers.get(queue) ?? []), ...ids]);
    },
    async every(queue, cron) {
      await boss.schedule(queue, cron);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      leases.stop();
      // Not graceful: a job in hand is left active, and expires to another gateway (or this store's next start).
      await boss.stop({ graceful: false, wait: true, close: false });
    },
  };
}

/**
 * With the embedded store only this process can run jobs (the store's lock refuses a second one), so a job
 * still active at start was the previous process's when it died: hand it back now rather than at its expiry.
 */
async function retryOrphans(boss: PgBoss, executeSql: ExecuteSql, log: (line: string) => void) {
  const { rows } = await executeSql(
    `SELECT name, array_agg(id::text) AS ids FROM pgboss.job WHERE state = 'active' GROUP BY name`,
  );
  for (const row of rows as { name: string; ids: string[] }[]) {
    await boss.fail(row.name, row.ids);
    log(`${row.ids.length} ${row.name} job(s) left by the previous process are retried`);
  }
}
