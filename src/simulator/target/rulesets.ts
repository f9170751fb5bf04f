import { isRecord } from '@/contracts/json';
import { MIGRATIONS_ACTOR_TYPE, repositoryNameMatches } from '@/contracts/github/rulesets';
import type { TargetState } from './state';

/**
 * The target organization's rulesets (none seeded; the quirk `rulesets` adds them). GitHub's import pushes every
 * ref of the archive; a ruleset in force over the new repository's name fails it unless **Repository migrations**
 * may bypass it (GitHub: "Setting ruleset bypasses for repository migrations" — `exempt`, since `always` still
 * evaluates and can time out; the simulator lets `always` through, it models no timeout). `evaluate` is not
 * enforced. Each ruleset blocks creating the refs it targets (`creation`), the default branch's only here.
 */
export interface TargetRuleset {
  id: number;
  name: string;
  target: 'branch' | 'tag' | 'push';
  enforcement: 'active' | 'evaluate' | 'disabled';
  include: string[];
  exclude: string[];
  /** How Repository migrations may bypass it; `none`: not in its bypass list. */
  migrationsBypass: 'none' | 'always' | 'exempt';
  createdAt: number;
}

export const MAX_RULESETS = 20;
const FIRST_ID = 4_100_001;
/** Printable names: letters, digits, spaces and common punctuation. */
const NAME = /^[\w .,:()'-]{1,100}$/u;
const PATTERN = /^(~ALL|[A-Za-z0-9._*?[\]!-]{1,100})$/;
const KNOWN = new Set(['name', 'enforcement', 'target', 'include', 'exclude', 'migrationsBypass']);

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T | undefined =>
  value === undefined ? fallback : (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;

const patterns = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.length <= 50 && value.every((p) => typeof p === 'string' && PATTERN.test(p))
    ? (value as string[])
    : undefined;

/** The quirk's list, each `{ name, include, exclude?, enforcement? = active, target? = branch, migrationsBypass? = none }`. */
export function parseRulesetQuirk(value: unknown, now: number): TargetRuleset[] | string {
  if (!Array.isArray(value) || value.length > MAX_RULESETS)
    return `rulesets must be a list of at most ${MAX_RULESETS}`;
  const out: TargetRuleset[] = [];
  for (const [index, item] of value.entries()) {
    const where = `ruleset ${index + 1}`;
    if (!isRecord(item) || Object.keys(item).some((key) => !KNOWN.has(key)))
      return `${where}: only ${[...KNOWN].join(', ')} are known`;
    const enforcement = oneOf(item.enforcement, ['active', 'evaluate', 'disabled'] as const, 'active');
    const target = oneOf(item.target, ['branch', 'tag', 'push'] as const, 'branch');
    const migrationsBypass = oneOf(item.migrationsBypass, ['none', 'always', 'exempt'] as const, 'none');
    const include = patterns(item.include);
    const exclude = item.exclude === undefined ? [] : patterns(item.exclude);
    if (typeof item.name !== 'string' || !NAME.test(item.name))
      return `${where}: name is 1 to 100 characters`;
    if (!enforcement || !target || !migrationsBypass || !include || include.length === 0 || !exclude)
      return `${where}: enforcement, target, migrationsBypass or the patterns are not valid`;
    out.push({
      id: FIRST_ID + index,
      name: item.name,
      target,
      enforcement,
      include,
      exclude,
      migrationsBypass,
      createdAt: now,
    });
  }
  return out;
}

/** The ruleset in force that fails an import into `repositoryName`, if any. */
export function blockingRuleset(state: TargetState, repositoryName: string): TargetRuleset | undefined {
  return (state.rulesets ?? []).find(
    (ruleset) =>
      ruleset.enforcement === 'active' &&
      ruleset.migrationsBypass === 'none' &&
      repositoryNameMatches(repositoryName, ruleset),
  );
}

/** GEI's failure when a push meets a ruleset: its Git step's words around GitHub's GH013 refusal. */
export function rulesetFailureReason(defaultBranch: string): string {
  return `Git source migration failed. Please check the Migration Log for more details. Error message: GH013: Repository rule violations found for refs/heads/${defaultBranch}.`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function links(ruleset: TargetRuleset, org: string, origin: string) {
  return {
    self: { href: `${origin}/orgs/${org}/rulesets/${ruleset.id}` },
    html: { href: `https://github.com/organizations/${org}/settings/rules/${ruleset.id}` },
  };
}

const nodeIdOf = (id: number) => `RRS_${Buffer.from(`ruleset:${id}`).toString('base64url')}`;

/** A `GET /orgs/{org}/rulesets` entry: as GitHub's list, no conditions, rules or bypass list. */
export function rulesetListJson(ruleset: TargetRuleset, org: string, origin: string) {
  return {
    id: ruleset.id,
    name: ruleset.name,
    target: ruleset.target,
    source_type: 'Organization',
    source: org,
    enforcement: ruleset.enforcement,
    node_id: nodeIdOf(ruleset.id),
    _links: links(ruleset, org, origin),
    created_at: iso(ruleset.createdAt),
    updated_at: iso(ruleset.createdAt),
  };
}

/** `GET /orgs/{org}/rulesets/{id}`: the whole ruleset (`repository-ruleset`). */
export function rulesetJson(ruleset: TargetRuleset, org: string, origin: string) {
  return {
    ...rulesetListJson(ruleset, org, origin),
    bypass_actors:
      ruleset.migrationsBypass === 'none'
        ? []
        : [{ actor_id: null, actor_type: MIGRATIONS_ACTOR_TYPE, bypass_mode: ruleset.migrationsBypass }],
    conditions: {
      // Push rulesets name no refs; a tag ruleset here takes every tag, a branch one the default branch.
      ...(ruleset.target === 'push'
        ? {}
        : { ref_name: { include: [ruleset.target === 'tag' ? '~ALL' : '~DEFAULT_BRANCH'], exclude: [] } }),
      repository_name: { include: ruleset.include, exclude: ruleset.exclude, protected: false },
    },
    rules:
      ruleset.target === 'push'
        ? [{ type: 'max_file_size', parameters: { max_file_size: 100 } }]
        : [{ type: 'creation' }, { type: 'deletion' }, { type: 'non_fast_forward' }],
  };
}
