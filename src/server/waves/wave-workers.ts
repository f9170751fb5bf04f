import { CredentialRefusedError } from './github-client';
import { batchStep, fileStepDue, sweptWaves } from './batch-step';
import { advanceWave } from './steps/advance-wave';
import { archiveBatch } from './steps/archive-batch';
import { checkExport } from './steps/check-export';
import { adoptOrStart, startBatch } from './steps/start-batch';
import { finishBatch } from './steps/unlock-batch';
import { record, type BatchJob, type WaveContext } from './wave-context';

type JobMeta = { retryCount: number; signal?: AbortSignal };
type Handler<T> = (data: T, job: JobMeta) => Promise<void>;

export interface WaveWorkerOptions {
  /** Batch steps this gateway runs at once. */
  stepWorkers: number;
  /** Archives this gateway downloads at once. */
  maxDownloads: number;
  /** Wraps every handler (the runner counts those in hand). */
  track: <T>(handler: Handler<T>) => Handler<T>;
  /** Clears archive locks a killed gateway left (with each minute's sweep). */
  clearLocks: () => Promise<void>;
}

/**
 * This gateway's workers of the team's wave queues: `wave-step` (start, adopt, check, finish a batch),
 * `wave-file` (download and verify an archive), `wave-advance` (what may start now) and the minute's
 * `wave-sweep`. Each reads the wave from the store first: what a job carries may be old.
 */
export async function workWaveJobs(context: WaveContext, options: WaveWorkerOptions): Promise<void> {
  const { jobs, repository } = context;

  /** The job's batch, while its wave may still work (a cancelled or completed wave's jobs end). */
  async function batchOf(job: BatchJob) {
    const wave = await repository.get(job.waveId);
    const batch = wave?.batches.find((b) => b.id === job.batchId);
    if (!wave || !batch || wave.state === 'cancelled' || wave.state === 'completed') return undefined;
    return { wave, batch };
  }

  /** GitHub refused the wave's credential: the wave stops with the reason (the refusal charged), no retry. */
  const stopOnRefusal =
    (handler: Handler<BatchJob>): Handler<BatchJob> =>
    async (job, meta) => {
      try {
        await handler(job, meta);
      } catch (error) {
        if (!(error instanceof CredentialRefusedError)) throw error;
        context.log(`wave ${job.waveId} stopped: ${error.message}`);
        await record(
          context,
          job.waveId,
          { type: 'requests', count: 1 },
          { type: 'credential-refused', batchId: job.batchId, reason: error.message },
        );
      }
    };

  await jobs.work<BatchJob>(
    'wave-step',
    options.stepWorkers,
    options.track(
      stopOnRefusal(async (job, meta) => {
        const found = await batchOf(job);
        if (!found) return;
        const { wave, batch } = found;
        const step = batchStep(wave, batch, { retryCount: meta.retryCount, reconcile: job.reconcile });
        // A start is fenced by the job's lease: sent twice, it would be a second export.
        if (step === 'start') await startBatch(context, wave, batch, meta.signal);
        else if (step === 'adopt') await adoptOrStart(context, wave, batch, meta.signal);
        else if (step === 'check') await checkExport(context, wave, batch, job.backoffMs, job.seen);
        else if (step === 'finish') await finishBatch(context, wave, batch);
      }),
    ),
  );
  await jobs.work<BatchJob>(
    'wave-file',
    options.maxDownloads,
    options.track(
      stopOnRefusal(async (job) => {
        const found = await batchOf(job);
        if (found && fileStepDue(found.wave, found.batch))
          await archiveBatch(context, found.wave, found.batch);
      }),
    ),
  );
  await jobs.work<{ waveId: string; sweep?: boolean }>(
    'wave-advance',
    1,
    options.track(async ({ waveId, sweep }) => {
      const wave = await repository.get(waveId);
      if (wave) await advanceWave(context, wave, sweep);
    }),
  );
  await jobs.work<object>(
    'wave-sweep',
    1,
    options.track(async () => {
      for (const wave of sweptWaves(await repository.list()))
        await jobs.send('wave-advance', { waveId: wave.id, sweep: true }, { key: wave.id });
      await options.clearLocks();
    }),
  );
  await jobs.every('wave-sweep', '* * * * *');
}
