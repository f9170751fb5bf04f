import path from 'node:path';
import { githubPath } from '@/contracts/github/operations';
import type { Wave, WaveBatch } from '@/contracts/waves';
import type { JobEngine } from '@/server/jobs/job-engine';
import type { OutboundBounds, UpstreamFetch } from '@/server/outbound/bounded-fetch';
import type { HandedUrlCheck } from '@/server/outbound/handed-url';
import type { GithubAnswer, GithubClient, KnownAnswer } from './github-client';
import { applyEvent, type WaveEvent } from './wave-machine';
import type { WaveRepository } from './wave-repository';

/** What every wave step works with: the store, GitHub, archive storage, the job engine and the clock. */
export interface WaveContext {
  repository: WaveRepository;
  client: GithubClient;
  /** The client of the credential a wave runs with. */
  clientFor: (wave: Wave) => GithubClient;
  jobs: JobEngine;
  fetchStorage: UpstreamFetch;
  storageBounds: OutboundBounds;
  /** Where archive redirects may point (`handedUrlChecks(…).archive`). */
  checkStorage: HandedUrlCheck;
  githubBaseUrl: string;
  /** `ARCHIVE_DIR`: one folder per wave; a team's gateways share it. */
  archiveDir: string;
  minCheckMs: number;
  maxCheckMs: number;
  /**
   * How long a start's request may still land after the look that did not find it (one request's bound,
   * `UPSTREAM_TOTAL_MS` up to 10 s): a retry looks again after it before sending another start. 0 or unset: one
   * look.
   */
  startSettleMs?: number;
  now: () => number;
  log: (message: string) => void;
}

/** The job data of one batch's steps. */
export interface BatchJob {
  waveId: string;
  batchId: number;
  /** The wait before the check after this one (grows while an export runs). */
  backoffMs?: number;
  /** Look for the export of a start whose outcome was never written (the sweep's last resort). */
  reconcile?: boolean;
  /** The last check's answer: the next check revalidates it on whichever gateway takes it (a free 304). */
  seen?: KnownAnswer;
}

export const batchKey = (waveId: string, batchId: number) => `${waveId}:${batchId}`;

export const stamp = (context: WaveContext) => new Date(context.now()).toISOString();

/** The migrations path of the wave's owner. */
export const migrationsPath = (wave: Wave) =>
  wave.owner.kind === 'org'
    ? githubPath('migrations/list-for-org', { org: wave.owner.login })
    : githubPath('migrations/list-for-authenticated-user');

export function archiveFile(archiveDir: string, wave: Wave, batch: WaveBatch): string {
  return path.join(
    archiveDir,
    wave.id,
    `batch-${String(batch.id).padStart(3, '0')}-migration-${batch.migrationId}.tar.gz`,
  );
}

/** Apply events to the wave as the store holds it now (row locked), and write the result. */
export function record(context: WaveContext, waveId: string, ...events: WaveEvent[]) {
  const at = stamp(context);
  return context.repository.update(waveId, (wave) =>
    events.reduce((next, event) => applyEvent(next, event, at), wave),
  );
}

/**
 * Apply `event` only while the batch is still as `expected` says (another gateway may have moved it on):
 * `applied` tells whether this call made the change.
 */
export async function recordIf(
  context: WaveContext,
  waveId: string,
  batchId: number,
  expected: (batch: WaveBatch, wave: Wave) => boolean,
  event: WaveEvent,
): Promise<{ wave: Wave | undefined; applied: boolean }> {
  let applied = false;
  const at = stamp(context);
  const wave = await context.repository.update(waveId, (current) => {
    const batch = current.batches.find((b) => b.id === batchId);
    if (!batch || !expected(batch, current)) return current;
    applied = true;
    return applyEvent(current, event, at);
  });
  return { wave, applied };
}

/**
 * Charge the wave what GitHub counted for one answer: one request, nothing for a 304, nothing for a refusal
 * (thrown). Counted from the answer itself: calls of several batches and gateways overlap.
 */
export async function counted<T>(
  context: WaveContext,
  waveId: string,
  call: () => Promise<GithubAnswer<T>>,
): Promise<GithubAnswer<T>> {
  const answer = await call();
  if (!answer.notModified && answer.status !== 304)
    await record(context, waveId, { type: 'requests', count: 1 });
  return answer;
}

/** Ask for the wave to be looked at again (what may start now, what is ready for its archive). */
export const advance = (context: WaveContext, waveId: string) =>
  context.jobs.send('wave-advance', { waveId }, { key: waveId });

export const nextStep = (context: WaveContext, job: BatchJob, afterMs = 0) =>
  context.jobs.send('wave-step', job, { key: batchKey(job.waveId, job.batchId), afterMs });

export const fileStep = (context: WaveContext, job: BatchJob, afterMs = 0, expireInSeconds?: number) =>
  context.jobs.send('wave-file', job, { key: batchKey(job.waveId, job.batchId), afterMs, expireInSeconds });
