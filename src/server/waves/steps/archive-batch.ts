import { rm, stat } from 'node:fs/promises';
import type { Wave, WaveBatch } from '@/contracts/waves';
import { DownloadError, downloadArchive } from '../downloader';
import { CredentialRefusedError, RateLimitedError } from '../github-client';
import { verifyArchive } from '../verifier';
import { owesWork } from '../wave-machine';
import {
  advance,
  archiveFile,
  counted,
  fileStep,
  migrationsPath,
  recordIf,
  stamp,
  type WaveContext,
} from '../wave-context';
import { lockArchive, STALE_MS } from './archive-lock';
import { fileExpiry } from './advance-wave';
import { finishBatch } from './unlock-batch';

/**
 * A batch's archive, under its file lock: download it (streaming, resumed from the `.part` another attempt or
 * gateway left), then verify it, then do what the verified batch owes GitHub (`finishBatch`).
 * Another job finding the lock held leaves: the holder is alive and at work.
 */
export async function archiveBatch(context: WaveContext, wave: Wave, batch: WaveBatch): Promise<void> {
  const file = archiveFile(context.archiveDir, wave, batch);
  const lost = new AbortController();
  const release = await lockArchive(file, (error) => lost.abort(error));
  if (!release) {
    // Its holder is at work; look again once its lock would have gone stale, in case the holder dies.
    await fileStep(context, { waveId: wave.id, batchId: batch.id }, STALE_MS, fileExpiry(context));
    return;
  }
  try {
    // Read again under the lock: the previous holder may have finished this step.
    const fresh = (await context.repository.get(wave.id))?.batches.find((b) => b.id === batch.id);
    if (fresh?.state === 'downloading') await download(context, wave, fresh, file, lost.signal);
    const now = (await context.repository.get(wave.id)) ?? wave;
    const ready = now.batches.find((b) => b.id === batch.id);
    if (ready?.state === 'verifying' && now.state !== 'cancelled') await verify(context, now, ready);
    // Verified by an attempt killed before it unlocked: this retry does what is owed.
    else if (ready && now.state !== 'cancelled' && owesWork(now, ready))
      await finishBatch(context, now, ready);
  } finally {
    await release().catch(() => undefined);
  }
}

async function download(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
  file: string,
  signal: AbortSignal,
) {
  const still = (current: WaveBatch) =>
    current.state === 'downloading' && current.migrationId === batch.migrationId;
  try {
    const redirect = await counted(context, wave.id, () =>
      context.clientFor(wave).get(`${migrationsPath(wave)}/${batch.migrationId}/archive`),
    );
    const location = redirect.headers.get('location');
    if (redirect.status !== 302 || !location) {
      throw new DownloadError(`GitHub answered HTTP ${redirect.status} instead of the archive's address.`);
    }
    const result = await downloadArchive({
      url: new URL(location, context.githubBaseUrl).toString(),
      check: context.checkStorage,
      file,
      fetch: context.fetchStorage,
      bounds: context.storageBounds,
      signal,
    });
    await recordIf(context, wave.id, batch.id, still, {
      type: 'downloaded',
      batchId: batch.id,
      file: result.file,
      bytes: result.bytes,
      sha256: result.sha256,
    });
  } catch (error) {
    if (error instanceof RateLimitedError || error instanceof CredentialRefusedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Shown on the page; the job's retry resumes from what is on disk.
    context.log(`wave ${wave.id} batch ${batch.id}: download failed (${message}); will resume`);
    await recordIf(context, wave.id, batch.id, still, {
      type: 'download-failed',
      batchId: batch.id,
      error: message,
    });
    throw error;
  }
}

async function verify(context: WaveContext, wave: Wave, batch: WaveBatch) {
  if (!batch.file) return;
  const result = await verifyArchive(batch.file, batch.repos);
  const { wave: verified, applied } = await recordIf(
    context,
    wave.id,
    batch.id,
    (current) => current.state === 'verifying' && current.file === batch.file,
    {
      type: 'verified',
      batchId: batch.id,
      ok: result.ok,
      message: result.message,
      repos: result.repos,
      at: stamp(context),
    },
  );
  const done = verified?.batches.find((b) => b.id === batch.id);
  if (!applied || !verified || !done) return;
  if (result.ok) await finishBatch(context, verified, done);
  else await advance(context, wave.id);
}

/** Bytes of each batch's download on disk now (the `.part` file any gateway is writing to the shared folder). */
export async function downloadedBytes(archiveDir: string, wave: Wave) {
  const entries = await Promise.all(
    wave.batches
      .filter((batch) => batch.state === 'downloading' && batch.migrationId !== undefined)
      .map(async (batch) => {
        const size = (await stat(`${archiveFile(archiveDir, wave, batch)}.part`).catch(() => undefined))
          ?.size;
        return size === undefined ? [] : [[batch.id, { downloaded: size }] as const];
      }),
  );
  return Object.fromEntries(entries.flat()) as Record<number, { downloaded: number; total?: number }>;
}

/** Before a retry downloads an invalid archive again. */
export const removeArchive = (file: string) => rm(file, { force: true });
