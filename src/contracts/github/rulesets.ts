import { finiteNumberOf, isRecord, ShapeError, stringOf } from '../json';

/**
 * An organization's rulesets as GitHub's REST API answers them (`repos/get-org-rulesets`, `repos/get-org-ruleset`),
 * read for a move's pre-flight: a GEI import pushes every ref of the archive, and an active ruleset that applies to
 * the new repository fails it unless **Repository migrations** may bypass it in `exempt` mode (GitHub's
 * "Setting ruleset bypasses for repository migrations"). The REST answer names that bypass
 * `{ actor_id: null, actor_type: "RepositoryMigration", bypass_mode: "exempt" }` — a type GitHub's OpenAPI
 * description does not list yet (integrations/terraform-provider-github#3336); GraphQL cannot name it at all.
 */
export const MIGRATIONS_ACTOR_TYPE = 'RepositoryMigration';

export type RulesetEnforcement = 'active' | 'evaluate' | 'disabled';

/** A list entry: GitHub's list carries no conditions and no bypass list (a detail read each). */
export interface RulesetSummary {
  id: number;
  name: string;
  /** GitHub's list has answered `enabled` besides the enum: anything but `disabled` is read in detail. */
  enforcement: string;
}

export interface RulesetDetail {
  id: number;
  name: string;
  enforcement: RulesetEnforcement;
  /** `branch`, `tag`, `push` or `repository` (absent in older answers). */
  target?: string;
  /** `conditions.repository_name`; absent when the ruleset picks repositories another way. */
  repositoryName?: { include: string[]; exclude: string[] };
  /** The ruleset picks repositories by custom property: Ferry cannot tell whether a new repository matches. */
  byProperty: boolean;
  /** How Repository migrations may bypass it; absent when they may not. */
  migrationsBypass?: 'exempt' | 'always' | 'pull_request';
}

const MAX_PATTERNS = 200;
const MAX_PATTERN_LENGTH = 400;

function malformed(what: string): ShapeError {
  return new ShapeError('github', `Unexpected ${what} in GitHub’s rulesets answer.`);
}

function patternsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_PATTERNS) throw malformed('pattern list');
  return value.map((item) => {
    if (typeof item !== 'string' || item.length > MAX_PATTERN_LENGTH) throw malformed('pattern');
    return item;
  });
}

export function parseRulesetList(value: unknown): RulesetSummary[] {
  if (!Array.isArray(value)) throw malformed('list');
  return value.map((item: unknown) => {
    const id = isRecord(item) ? finiteNumberOf(item.id) : undefined;
    const name = isRecord(item) ? stringOf(item.name) : undefined;
    if (!isRecord(item) || id === undefined || !Number.isInteger(id) || name === undefined)
      throw malformed('ruleset');
    return { id, name, enforcement: stringOf(item.enforcement) ?? 'active' };
  });
}

const ENFORCEMENTS: readonly string[] = ['active', 'evaluate', 'disabled'];
const BYPASS_MODES: readonly string[] = ['exempt', 'always', 'pull_request'];

export function parseRuleset(value: unknown): RulesetDetail {
  if (!isRecord(value)) throw malformed('ruleset');
  const id = finiteNumberOf(value.id);
  const name = stringOf(value.name);
  const enforcement = stringOf(value.enforcement);
  if (id === undefined || !Number.isInteger(id) || name === undefined) throw malformed('ruleset');
  if (enforcement === undefined || !ENFORCEMENTS.includes(enforcement)) throw malformed('enforcement');
  const conditions = isRecord(value.conditions) ? value.conditions : {};
  const byName = isRecord(conditions.repository_name) ? conditions.repository_name : undefined;
  if (value.bypass_actors !== undefined && !Array.isArray(value.bypass_actors))
    throw malformed('bypass list');
  const migrations = ((value.bypass_actors as unknown[] | undefined) ?? []).find(
    (actor) => isRecord(actor) && actor.actor_type === MIGRATIONS_ACTOR_TYPE,
  );
  const mode = isRecord(migrations) ? (stringOf(migrations.bypass_mode) ?? 'always') : undefined;
  const target = stringOf(value.target);
  return {
    id,
    name,
    enforcement: enforcement as RulesetEnforcement,
    ...(target ? { target } : {}),
    ...(byName
      ? { repositoryName: { include: patternsOf(byName.include), exclude: patternsOf(byName.exclude) } }
      : {}),
    byProperty: isRecord(conditions.repository_property),
    ...(mode && BYPASS_MODES.includes(mode)
      ? { migrationsBypass: mode as NonNullable<RulesetDetail['migrationsBypass']> }
      : {}),
  };
}

/**
 * fnmatch as rulesets use it for repository names: `*` any run of characters, `?` one, `[…]` a class (`[!…]` or
 * `[^…]` negated); everything else literal. Case is ignored: GitHub compares repository names without it.
 */
export function fnmatch(pattern: string, name: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) {
        source += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i').test(name);
}

/** `conditions.repository_name`: `~ALL` (or a pattern) includes, an exclude wins. */
export function repositoryNameMatches(
  name: string,
  condition: { include: readonly string[]; exclude: readonly string[] },
): boolean {
  const matches = (pattern: string) => pattern === '~ALL' || fnmatch(pattern, name);
  return condition.include.some(matches) && !condition.exclude.some(matches);
}
