import { isRepoName } from '@/contracts/github/names';
import type { MovePlannedRepository, MoveRepositoryChoice, TargetVisibility } from '@/contracts/moves';

/** The person's changes to where repositories land, by source name (only what differs from the defaults). */
export type MoveChoices = Readonly<Record<string, MoveRepositoryChoice>>;

/** Why a typed target name cannot be sent, in the page's words; undefined when GitHub accepts it. */
export function targetNameProblem(value: string): string | undefined {
  if (value === '') return 'Enter a name.';
  if (!isRepoName(value)) return 'Letters, digits, “.”, “-” and “_” only, at most 100 (not “.” or “..”).';
  return undefined;
}

/**
 * `repo`'s choice after the person changed one of its fields. A value equal to the default (the source's name,
 * the source's visibility) is no choice: dropped, so the request carries only real changes.
 */
export function withChoice(
  choices: MoveChoices,
  repo: Pick<MovePlannedRepository, 'name' | 'sourceVisibility'>,
  change: { targetName?: string; visibility?: TargetVisibility },
): MoveChoices {
  const merged = { ...choices[repo.name], ...change, name: repo.name };
  const choice: MoveRepositoryChoice = { name: repo.name };
  if (merged.targetName !== undefined && merged.targetName !== repo.name)
    choice.targetName = merged.targetName;
  if (merged.visibility !== undefined && merged.visibility !== repo.sourceVisibility)
    choice.visibility = merged.visibility;
  const rest = Object.fromEntries(Object.entries(choices).filter(([name]) => name !== repo.name));
  return choice.targetName === undefined && choice.visibility === undefined
    ? rest
    : { ...rest, [repo.name]: choice };
}

/** The choices as the preview request sends them; undefined while a typed name cannot be sent. */
export function choicesToSend(choices: MoveChoices): MoveRepositoryChoice[] | undefined {
  const list = Object.values(choices);
  if (list.some((choice) => choice.targetName !== undefined && targetNameProblem(choice.targetName)))
    return undefined;
  return list;
}

/** Whether the choices differ from those the shown preview was made with (it must be made again). */
export function choicesChangedSince(
  choices: MoveChoices,
  previewed: readonly MoveRepositoryChoice[] | undefined,
): boolean {
  const key = (list: readonly MoveRepositoryChoice[]) =>
    JSON.stringify(
      [...list]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((choice) => [choice.name, choice.targetName ?? null, choice.visibility ?? null]),
    );
  return key(Object.values(choices)) !== key(previewed ?? []);
}
