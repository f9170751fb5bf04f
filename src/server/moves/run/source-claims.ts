import type { Move } from '@/contracts/move-run';
import { recordMoveIf, type MoveContext } from './move-context';

/**
 * Whether this look takes a repository's step after validation — its source's unlock or archive, a trial's
 * deletion: a team's gateways look at one move side by side, and each used to send the same unlocks (three
 * gateways, 216–240 unlocks for 99 repositories, most answered 404).
 */
export const claimSourceStep = async (context: MoveContext, move: Move, name: string, job: string) =>
  (await recordMoveIf(context, move.id, { type: 'source-claimed', name, job })).move?.repositories.find(
    (repo) => repo.name === name,
  )?.sourceClaim?.job === job;
