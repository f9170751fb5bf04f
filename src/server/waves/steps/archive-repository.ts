import type { Wave } from '@/contracts/waves';
import { isRecord, stringOf } from '@/contracts/json';
import { unexpectedAnswer } from '../github-client';
import { counted, type WaveContext } from '../wave-context';

/** GitHub's answer to archiving: `archived` once it confirmed (200), else its status and words. */
export type ArchiveAnswer = { archived: true } | { archived: false; status: number; message: string };

/**
 * Archive one repository of the wave's owner (`PATCH /repos/{owner}/{repo}` `{ "archived": true }`,
 * `repos/update`): a move's choice once its import validated and the source is unlocked. Sent through the wave's
 * client, so it is paced with the unlocks and counted as the wave's request. Archiving an archived repository is a
 * 200 again: safe to repeat after a kill. Limits, refused credentials and 5xx throw, as every wave write does.
 */
export async function archiveRepository(
  context: WaveContext,
  wave: Wave,
  name: string,
): Promise<ArchiveAnswer> {
  const path = `repos/${encodeURIComponent(wave.owner.login)}/${encodeURIComponent(name)}`;
  const answer = await counted(context, wave.id, () =>
    context.clientFor(wave).write('PATCH', path, { archived: true }),
  );
  if (answer.status === 200 && isRecord(answer.body) && answer.body.archived === true)
    return { archived: true };
  // GitHub's trouble, not a refusal: thrown, so the look is tried again.
  if (answer.status >= 500) throw unexpectedAnswer(answer);
  const message = (isRecord(answer.body) ? stringOf(answer.body.message) : undefined) ?? 'no reason given';
  return { archived: false, status: answer.status, message: message.slice(0, 300) };
}
