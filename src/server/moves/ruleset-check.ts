import type { PreflightCheck } from '@/contracts/moves';
import {
  MIGRATIONS_BYPASS_REMEDY,
  repositoryNameMatches,
  type RulesetDetail,
} from '@/contracts/github/rulesets';
import type { RulesetsRead } from './target-rulesets';

/**
 * Would the target organization's rulesets let GEI push a repository's refs? Pure. GitHub: an import fails unless
 * **Repository migrations** bypasses, in `exempt` mode, every ruleset in force over the new repository ("Setting
 * ruleset bypasses for repository migrations"). So, per ruleset that applies to the target name (by
 * `repository_name`, `~ALL` or fnmatch; `ref_name` is not weighed: the import pushes the default branch and
 * every other ref):
 * - `active` and no exempt bypass → refused, naming the rulesets;
 * - `evaluate` (not enforced), an `always` bypass (still evaluated: may time out), a ruleset that picks
 *   repositories by custom property (Ferry cannot tell) → passes with a warning;
 * - `disabled`, or one that picks repositories by id (a new repository has none yet) → does not apply.
 */
const quoted = (rulesets: readonly RulesetDetail[]) => rulesets.map((r) => `“${r.name}”`).join(', ');
const plural = (rulesets: readonly RulesetDetail[], one: string, many: string) =>
  rulesets.length === 1 ? `${one} ${quoted(rulesets)}` : `${many} ${quoted(rulesets)}`;

export function rulesetCheck(read: RulesetsRead, target: { login: string; name: string }): PreflightCheck {
  const full = `${target.login}/${target.name}`;
  if (!read.ok)
    return { check: 'target-rulesets', ok: true, warning: true, reason: `Not checked: ${read.reason}.` };
  const applying = read.rulesets.filter(
    (ruleset) =>
      ruleset.enforcement !== 'disabled' &&
      ruleset.migrationsBypass !== 'exempt' &&
      (ruleset.repositoryName
        ? repositoryNameMatches(target.name, ruleset.repositoryName)
        : ruleset.byProperty),
  );
  const blocking = applying.filter(
    (r) => r.enforcement === 'active' && r.migrationsBypass !== 'always' && r.repositoryName !== undefined,
  );
  if (blocking.length > 0)
    return {
      check: 'target-rulesets',
      ok: false,
      reason: `${plural(blocking, 'The ruleset', 'The rulesets')} of ${target.login} ${blocking.length === 1 ? 'applies' : 'apply'} to ${full} without letting Repository migrations bypass: GitHub would fail the import. ${MIGRATIONS_BYPASS_REMEDY}`,
    };
  const notes: string[] = [];
  const evaluating = applying.filter((r) => r.enforcement === 'evaluate');
  const always = applying.filter((r) => r.enforcement === 'active' && r.migrationsBypass === 'always');
  const byProperty = applying.filter((r) => r.enforcement === 'active' && !r.repositoryName);
  if (evaluating.length > 0)
    notes.push(
      `${plural(evaluating, 'the ruleset', 'the rulesets')} (evaluate mode) would apply to ${full}: not enforced now, the import fails if made active without the Repository migrations bypass`,
    );
  if (always.length > 0)
    notes.push(
      `${plural(always, 'the ruleset', 'the rulesets')} let Repository migrations bypass as Always allow: GitHub still evaluates ${always.length === 1 ? 'it' : 'them'} and may time out; Exempt is safer`,
    );
  if (byProperty.length > 0)
    notes.push(
      `${plural(byProperty, 'the ruleset', 'the rulesets')} pick repositories by custom property: Ferry cannot tell whether ${full} will match`,
    );
  if (notes.length > 0) {
    const text = notes.join('; ');
    return {
      check: 'target-rulesets',
      ok: true,
      warning: true,
      reason: `${text[0]?.toUpperCase()}${text.slice(1)}.`,
    };
  }
  return {
    check: 'target-rulesets',
    ok: true,
    reason:
      read.rulesets.length === 0
        ? `${target.login} has no ruleset in force.`
        : `No ruleset in force applies to ${full} without the Repository migrations bypass.`,
  };
}
