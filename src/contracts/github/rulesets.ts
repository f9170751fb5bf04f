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

/** What lets an import through such a ruleset: the preview's refusal and a failed import's row say it alike. */
export const MIGRATIONS_BYPASS_REMEDY = 'Add Repository migrations to the bypass list, mode Exempt.';

/** GEI's failure when its push met a ruleset: GitHub's GH013, "Repository rule violations found for refs/…". */
export const isRulesetRefusal = (failure: string) => /\bGH013\b|Repository rule violations/.test(failure);

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

type Token = { kind: 'star' } | { kind: 'one'; test: (char: string) => boolean };

/** A class's ranges (`a-z`, or one character as its own range), lower case. */
function rangesOf(body: string): [string, string][] {
  const ranges: [string, string][] = [];
  for (let j = 0; j < body.length; j++) {
    const from = (body[j] as string).toLowerCase();
    if (body[j + 1] === '-' && j + 2 < body.length) {
      ranges.push([from, (body[j + 2] as string).toLowerCase()]);
      j += 2;
    } else ranges.push([from, from]);
  }
  return ranges;
}

function tokensOf(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    const end = char === '[' ? pattern.indexOf(']', i + 2) : -1;
    if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'one', test: () => true });
    else if (end > 0) {
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      const ranges = rangesOf(body);
      tokens.push({
        kind: 'one',
        test: (c) => ranges.some(([from, to]) => c >= from && c <= to) !== negated,
      });
      i = end;
    } else {
      const literal = char.toLowerCase();
      tokens.push({ kind: 'one', test: (c) => c === literal });
    }
  }
  return tokens;
}

/**
 * fnmatch as rulesets use it for repository names: `*` any run of characters, `?` one, `[…]` a class (`[!…]` or
 * `[^…]` negated, `a-z` ranges); everything else literal. Case is ignored: GitHub compares repository names
 * without it. No regular expression: the greedy two-pointer match is O(name × pattern) whatever a hostile target
 * puts in a pattern (`*a*a*a*…b` makes a backtracking regular expression explode).
 */
export function fnmatch(pattern: string, name: string): boolean {
  const tokens = tokensOf(pattern);
  const text = name.toLowerCase();
  let t = 0;
  let n = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (n < text.length) {
    const token = tokens[t];
    if (token?.kind === 'one' && token.test(text[n] as string)) {
      t++;
      n++;
    } else if (token?.kind === 'star') {
      starAt = t++;
      resumeAt = n;
    } else if (starAt >= 0) {
      t = starAt + 1;
      n = ++resumeAt;
    } else return false;
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/** `conditions.repository_name`: `~ALL` (or a pattern) includes, an exclude wins. */
export function repositoryNameMatches(
  name: string,
  condition: { include: readonly string[]; exclude: readonly string[] },
): boolean {
  const matches = (pattern: string) => pattern === '~ALL' || fnmatch(pattern, name);
  return condition.include.some(matches) && !condition.exclude.some(matches);
}
