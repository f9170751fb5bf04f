import { trialNameOf } from '@/contracts/move-run';
import type { MoveRepositoryChoice, MovePlannedRepository, PreflightCheck } from '@/contracts/moves';
import type { PlannedRepo } from '@/contracts/waves';
import type { SourceLimit } from './source-limit';
import { archiveRightCheck } from './archive-right-check';
import { rulesetCheck } from './ruleset-check';
import type { RulesetsRead } from './target-rulesets';
import { targetVisibility } from './visibility';
import { readinessOf } from '@/contracts/inventory';
import type { InventoryRead } from './inventory/inventory';
import { inventoryChecks, leftBehindOf } from './inventory/left-behind';

/**
 * The pre-flight of each selected repository, pure: its target name (the source's unless chosen), whether that
 * name is free on the target (`taken`, lower case, as GitHub compares names) and among the move's own names,
 * its size against the source's limit, its visibility by GitHub's rules, the target's rulesets (when read) and,
 * when the move archives its sources (`archiveBy`: the source credential), that credential's admin right.
 */
export function targetNameOf(
  repo: PlannedRepo,
  choice: MoveRepositoryChoice | undefined,
  trialSuffix?: string,
): string {
  const name = choice?.targetName ?? repo.name;
  // A trial's names cannot collide with the real move's (nor another trial's): `{name}-ferry-trial-{id}`.
  return trialSuffix === undefined ? name : trialNameOf(name, trialSuffix);
}

export function planRepositories(input: {
  selected: readonly PlannedRepo[];
  choices: ReadonlyMap<string, MoveRepositoryChoice>;
  taken: ReadonlySet<string>;
  limit: SourceLimit;
  target: { login: string; enterprise?: boolean };
  rulesets?: RulesetsRead;
  archiveBy?: string;
  /** A trial move's name suffix (`targetNameOf`). */
  trialSuffix?: string;
  /** The inventory read for this plan: its blocking checks and what each repository leaves behind. */
  inventory?: Pick<InventoryRead, 'repositories' | 'organization'>;
}): MovePlannedRepository[] {
  const { selected, choices, taken, limit, target, rulesets, archiveBy, trialSuffix, inventory } = input;
  const claimedBy = new Map<string, string>();
  for (const repo of selected) {
    const key = targetNameOf(repo, choices.get(repo.name.toLowerCase()), trialSuffix).toLowerCase();
    if (!claimedBy.has(key)) claimedBy.set(key, repo.name);
  }
  return selected.map((repo) => {
    const choice = choices.get(repo.name.toLowerCase());
    const targetName = targetNameOf(repo, choice, trialSuffix);
    const key = targetName.toLowerCase();
    const first = claimedBy.get(key);
    const name: PreflightCheck = taken.has(key)
      ? {
          check: 'target-name-free',
          ok: false,
          reason: `A repository called ${target.login}/${targetName} already exists.`,
        }
      : first !== repo.name
        ? {
            check: 'target-name-free',
            ok: false,
            reason: `${first} already takes the name ${targetName} in this move.`,
          }
        : { check: 'target-name-free', ok: true, reason: `${target.login}/${targetName} is free.` };
    const size: PreflightCheck =
      repo.sizeKb <= limit.limitKb
        ? { check: 'size-within-limit', ok: true, reason: `Within ${limit.reason}.` }
        : {
            check: 'size-within-limit',
            ok: false,
            reason: `${Math.ceil(repo.sizeKb / 1024)} MiB is over ${limit.reason}.`,
          };
    const decided = targetVisibility(repo.visibility, choice?.visibility, target);
    const visibility: PreflightCheck = { check: 'visibility', ok: decided.ok, reason: decided.reason };
    const facts = inventory?.repositories.get(repo.name);
    const checks = [
      name,
      size,
      visibility,
      ...(rulesets ? [rulesetCheck(rulesets, { login: target.login, name: targetName })] : []),
      ...(archiveBy !== undefined ? [archiveRightCheck(repo, archiveBy)] : []),
      ...(facts ? inventoryChecks(facts) : []),
    ];
    const ready = checks.every((check) => check.ok);
    const leftBehind = facts ? leftBehindOf(facts, inventory?.organization) : undefined;
    return {
      name: repo.name,
      targetName,
      sourceVisibility: repo.visibility,
      visibility: decided.visibility,
      sizeKb: repo.sizeKb,
      checks,
      ready,
      ...(facts && leftBehind
        ? { leftBehind, inventoryReadAt: facts.readAt, readiness: readinessOf({ ready, leftBehind }) }
        : {}),
    };
  });
}
