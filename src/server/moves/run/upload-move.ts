import type { JobContext } from '@/server/jobs/job-engine';
import { ArchiveUploadError } from '../gei/gei-errors';
import { advanceNow, recordMove, type MoveContext } from './move-context';

/** Attempts of one upload (the engine's retries) before the repository fails with the last reason. */
export const UPLOAD_ATTEMPTS = 5;

/**
 * One repository's archive to GitHub-owned storage (job `move-upload`, key: the move and the repository; long
 * expiry). Each part's progress is written before the next is sent, so the gateway that takes the job after a
 * kill resumes from the part reached; an expired resume starts afresh (the upload's own rule). GitHub's refusal
 * (a 4xx, an answer no storage sends) fails the repository at once; anything else is retried by the engine, and
 * fails it after `UPLOAD_ATTEMPTS`.
 */
export async function uploadMove(
  context: MoveContext,
  job: { moveId: string; name: string },
  meta: JobContext,
): Promise<void> {
  const { retryCount, signal } = meta;
  const before = await context.moves.get(job.moveId);
  if (!before || before.state !== 'running') return;
  // Two looks may each have sent a job for this archive (the queue keeps one waiting, not one running): the job
  // whose claim is written uploads; the other stands aside. A killed holder's job comes back with its id.
  const move = await recordMove(context, job.moveId, {
    type: 'upload-claimed',
    name: job.name,
    job: meta.id,
  });
  const repo = move?.repositories.find((found) => found.name === job.name);
  if (!move || !repo?.archive || move.state !== 'running') return;
  if (repo.step !== 'uploading' || repo.upload?.job !== meta.id) return;
  const { location, bytesSent, parts } = repo.upload ?? {};
  const resume =
    location !== undefined && bytesSent !== undefined && parts !== undefined
      ? { location, bytesSent, parts }
      : undefined;
  // Which gateway holds an upload, and where it resumed, is in its log (a team's operator, the team test).
  context.log(
    `move ${move.id}: ${repo.name}'s archive to storage${resume ? `, resumed after part ${resume.parts}` : ''}`,
  );
  try {
    const uploaded = await context.upload({
      move,
      file: repo.archive.file,
      name: `${repo.targetName}.tar.gz`,
      resume,
      // The job's lease: lost, another gateway may take the upload, so this one sends and writes nothing more.
      ...(signal ? { signal } : {}),
      onPart: async (progress) => {
        signal?.throwIfAborted();
        await recordMove(context, move.id, { type: 'upload-progress', name: repo.name, ...progress });
      },
    });
    await recordMove(context, move.id, { type: 'uploaded', name: repo.name, uri: uploaded.uri });
    await advanceNow(context, move.id);
  } catch (error) {
    if (signal?.aborted) {
      // The lease lost, or the job handed back as this gateway stops: the signal's reason says which.
      const why = signal.reason instanceof Error ? signal.reason.message : 'its job was given up';
      context.log(`move ${move.id}: ${repo.name}'s upload stopped: ${why}`);
      return;
    }
    const permanent = error instanceof ArchiveUploadError && error.kind !== 'failed';
    if (!permanent && retryCount + 1 < UPLOAD_ATTEMPTS) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    await recordMove(context, move.id, {
      type: 'repository-failed',
      name: repo.name,
      error: `The upload to GitHub-owned storage failed: ${reason}`,
    });
  }
}
