import PgBoss from 'pg-boss';
import type { Exclusive, ExecuteSql } from '@/server/store/open-store';
import type { Listen } from '@/server/store/store-listen';
import { installDueNotices } from './due-notices';
import { JobEngineUnavailableError } from './engine-unavailable';
import { createDoorbell } from './job-doorbell';
import { createLeases, DEFAULT_LEASES, type LeaseSettings } from './job-leases';
import { settledWithin } from '../settled-within';
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
  /**
   * Take no more jobs; give those in hand `graceMs` to end, then hand the rest back to the team (due at once,
   * their signals aborted) and stop. Later calls wait for the first.
   */
  stop(graceMs?: number): Promise<void>;
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
  /**
   * The store's notices (`Store.listen`): idle workers sleep (`IDLE_POLL_SECONDS`) and are woken when a job of
   * theirs is due, whichever gateway sent it; they poll every `pollingSeconds` only while notices are not heard.
   * Without it they poll every `pollingSeconds`.
   */
  listen?: Listen;
  /** How often an idle worker asks for work when it cannot be told (a job sent here wakes it at once). */
  pollingSeconds?: number;
  /** Expiry of GitHub steps (`stepExpirySeconds(UPSTREAM_TOTAL_MS)`); 90 s when not given. */
  stepExpirySeconds?: number;
  /**
   * How often pg-boss's upkeep runs (one gateway per interval): it archives finished jobs and fails those past
   * their expiry, which the job leases hand back sooner anyway (job-leases.ts).
   */
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
 * An idle worker's own poll while the store's notices are heard: only a safety net (a notice is lost only with
 * the listening connection, and once it listens again every worker looks for work). Each poll of each worker is
 * a query: 15 workers every 2 s were 3–4 % of a core on the embedded store, for nothing.
 */
export const IDLE_POLL_SECONDS = 300;
/** pg-boss moves each due cron job into its queue at this pace (its default, 5 s, is 12 queries a minute). */
const CRON_WORKER_SECONDS = 15;

/**
 * Start pg-boss over the store and create Ferry's queues. Gateways of a team starting together on a fresh
 * database used to deadlock here (pg-boss creates each queue's table outside its own lock), so set-up holds the
 * store's advisory lock: one gateway at a time, never a deadlock to retry. A failure (or a wait past
 * `SET_UP_WAIT_MS`) is a `JobEngineUnavailableError`; the caller's next use starts again.
 */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const log = options.log ?? ((line: string) => console.error(`[jobs] ${line}`));
  const leases = createLeases(options.executeSql, options.leases ?? DEFAULT_LEASES, log);
  const boss = createBoss(options, log, leases.wasHandedBack);
  let notices: boolean;
  try {
    const exclusive = options.exclusive ?? ((_key, work) => work());
    notices = await exclusive(
      SET_UP_LOCK,
      () => setUp(boss, options, log),
      options.setUpWaitMs ?? SET_UP_WAIT_MS,
    );
  } catch (error) {
    await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    log(`set-up failed (${reason})`);
    throw new JobEngineUnavailableError(reason, { cause: error });
  }
  // Without the notices' trigger nothing would wake an idle worker for another gateway's job: it polls.
  return engineOver(boss, notices ? options : { ...options, listen: undefined }, log, leases);
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

/**
 * pg-boss completes or fails a job when its handler returns. A job this gateway handed back as it stopped may be
 * another gateway's by then: that outcome is not written (it would end the other's run).
 */
export function outcomeOfHandedBack(
  text: string,
  values: unknown[] | undefined,
  wasHandedBack: (id: string) => boolean,
): boolean {
  const ids = values?.[1];
  return (
    UNAWAITED_COMMANDS.some((command) => command.test(text)) &&
    Array.isArray(ids) &&
    ids.length > 0 &&
    ids.every((id) => typeof id === 'string' && wasHandedBack(id))
  );
}

function createBoss(
  options: JobEngineOptions,
  log: (line: string) => void,
  wasHandedBack: (id: string) => boolean,
): PgBoss {
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        outcomeOfHandedBack(text, values, wasHandedBack)
          ? Promise.resolve({ rows: [{ count: '0' }] })
          : settledIfUnawaited(text, options.executeSql(text, values), log),
    },
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 120,
    cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
    // Finished jobs are kept a day for inspection, then dropped.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: Error) => log(error.message));
  return boss;
}

/** pg-boss's schema, Ferry's queues and the due notices' trigger; false when the trigger could not be made. */
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
  try {
    await installDueNotices(options.executeSql);
    return true;
  } catch (error) {
    log(`no job notices (${error instanceof Error ? error.message : String(error)}); idle workers poll`);
    return false;
  }
}

function engineOver(
  boss: PgBoss,
  options: JobEngineOptions,
  log: (line: string) => void,
  leases: ReturnType<typeof createLeases>,
): JobEngine {
  const workers = new Map<QueueName, string[]>();
  /** The handlers running now (a job in hand each). */
  const inHand = new Set<Promise<void>>();
  leases.start(Object.keys(QUEUES), options.kind === 'embedded');
  const pollingSeconds = options.pollingSeconds ?? (options.kind === 'embedded' ? 2 : 1);
  const doorbell = createDoorbell({
    notify: (queue) => {
      for (const worker of workers.get(queue as QueueName) ?? []) boss.notifyWorker(worker);
    },
    queues: () => workers.keys(),
    listen: options.listen,
    pollMs: pollingSeconds * 1_000,
    log,
  });
  // Never waits for a store that does not answer: stopping meanwhile ends the listening as it begins.
  void doorbell.start();
  const pollingIntervalSeconds = options.listen ? IDLE_POLL_SECONDS : pollingSeconds;
  let stopped = false;
  let stopping: Promise<void> | undefined;

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
      // This process's idle workers are woken when the job is due, not at their next poll nor at the store's
      // notice: a check 50 ms away waits 50 ms.
      if (id) doorbell.ring(queue, sendOptions.afterMs ?? 0);
    },
    async work(queue, count, handler) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const worker: { id?: string } = {};
        // A worker that had a job asks again at once (pg-boss would sleep its poll first): a queue holding more
        // jobs than it has workers is worked through, not one job per poll.
        const again = () => setImmediate(() => !stopped && worker.id && boss.notifyWorker(worker.id));
        worker.id = await boss.work<object>(
          queue,
          { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            again();
            const lease = leases.hold(queue, job.id, new Date(job.startedOn));
            const running = handler(job.data as never, {
              id: job.id,
              retryCount: job.retryCount,
              signal: lease.signal,
            }).finally(() => lease.release());
            inHand.add(running);
            const done = () => void inHand.delete(running);
            running.then(done, done);
            // Handed back (this gateway stops): the worker lets go at once; the handler, aborted, ends by itself.
            await Promise.race([running, lease.handedBack]);
          },
        );
        ids.push(worker.id);
      }
      workers.set(queue, [...(workers.get(queue) ?? []), ...ids]);
    },
    async every(queue, cron) {
      await boss.schedule(queue, cron);
    },
    stop(graceMs = 0) {
      stopping ??= (async () => {
        // No job is taken from now on; a job in hand may still send the next (it is the team's to take).
        await Promise.all(Object.keys(QUEUES).map((queue) => boss.offWork(queue)));
        await settledWithin([...inHand], graceMs);
        stopped = true;
        await doorbell.stop();
        const handed = await leases.handBack();
        if (handed > 0) log(`${handed} job(s) in hand handed back to the team: this gateway stops`);
        leases.stop();
        await boss.stop({ graceful: false, wait: true, close: false });
      })();
      return stopping;
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
