import type { Move } from '@/contracts/move-run';
import { recordCounted, type MoveContext, type TargetSide } from './move-context';
import { moveActions } from './move-machine';
import { claimSourceStep } from './source-claims';

/**
 * A trial's validated repositories deleted from the target (unless the trial keeps them), each written down once
 * GitHub answered: 204, or 404 (an earlier look deleted it and died before writing so). GitHub's refusal (the token
 * lacks `delete_repo`, the organization forbids deletion) fails the repository with GitHub's words; the trial
 * repository then stays on the target, said on the page. The real names were never used: they stay free.
 */
export async function deleteValidatedTrials(
  context: MoveContext,
  move: Move,
  target: TargetSide,
  job: string,
) {
  const current = (await context.moves.get(move.id)) ?? move;
  if (!current.trial) return;
  for (const name of moveActions(current).deleteTrial) {
    const repo = current.repositories.find((found) => found.name === name);
    if (!repo || !(await claimSourceStep(context, current, name, job))) continue;
    target.count.requests += 1;
    const outcome = await target.client.deleteRepository(current.target.login, repo.targetName);
    await recordCounted(
      context,
      current.id,
      target.count,
      'refused' in outcome
        ? {
            type: 'repository-failed',
            name,
            error: `The trial repository ${current.target.login}/${repo.targetName} could not be deleted: ${outcome.refused}`,
          }
        : { type: 'trial-deleted', name },
    );
  }
}
