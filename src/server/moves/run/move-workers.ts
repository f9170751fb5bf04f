import { TargetRateLimitedError } from '../target-errors';
import type { JobContext } from '@/server/jobs/job-engine';
import { advanceMove, limitWaitMs } from './advance-move';
import { advanceLater, recordMove, type MoveContext } from './move-context';
import { IMPORT_STEPS, logOwed, moveActions, moveOpen, silentRepositories } from './move-machine';
import { uploadMove } from './upload-move';

type Handler<T> = (data: T, job: JobContext) => Promise<void>;

/**
 * This gateway's workers of the team's move queues: `move-advance` (one look at a move), `move-upload` (one
 * archive to GitHub-owned storage) and the minute's `move-sweep`. Each reads the move from the store first.
 */
export async function workMoveJobs(
  context: MoveContext,
  options: { uploads: number; track: <T>(handler: Handler<T>) => Handler<T> },
): Promise<void> {
  const { jobs } = context;
  await jobs.work<{ moveId: string }>(
    'move-advance',
    1,
    options.track(async ({ moveId }, meta) => {
      try {
        await advanceMove(context, moveId, meta.id);
      } catch (error) {
        // The target's limit: look again after GitHub's wait instead of the engine's quick retries.
        const wait = limitWaitMs(error);
        if (wait === undefined) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        context.log(`move ${moveId}: ${reason}; next look in ${Math.ceil(wait / 1000)} s`);
        // Said on the move's page until a look gets through.
        await recordMove(context, moveId, {
          type: 'waiting',
          until: new Date(context.now() + wait).toISOString(),
          reason,
          ...(error instanceof TargetRateLimitedError && error.waitingFor ? { for: error.waitingFor } : {}),
        });
        await advanceLater(context, moveId, wait);
      }
    }),
  );
  await jobs.work<{ moveId: string; name: string }>(
    'move-upload',
    options.uploads,
    options.track((job, meta) => uploadMove(context, job, meta)),
  );
  await jobs.work<object>(
    'move-sweep',
    1,
    options.track(async () => {
      for (const move of await context.moves.list())
        // A failed move still follows the imports it had started.
        if (
          moveOpen(move) ||
          moveActions(move).unlock.length > 0 ||
          move.repositories.some((repo) => IMPORT_STEPS.has(repo.step) || logOwed(repo, context.now()))
        ) {
          for (const silent of silentRepositories(move, context.now()))
            context.log(
              `move ${move.id}: ${silent.name} has been ${silent.step} for ${Math.round(silent.forMs / 60_000)} min, longer than that step takes`,
            );
          await jobs.send('move-advance', { moveId: move.id }, { key: move.id });
        }
    }),
  );
  await jobs.every('move-sweep', '* * * * *');
}
