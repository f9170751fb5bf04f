import { isRecord } from '@/contracts/json';
import { parseRulesetQuirk, type TargetRuleset } from './rulesets';

/**
 * Faults of the target's GraphQL API, in the fault rules' style (src/simulator/faults): a kind, an optional root
 * field it applies to (`node` = gh-gei's status reads), an optional count. Kept beside the target world; a reset
 * clears them.
 * - `bad-gateway`: HTTP 502 (gh-gei retries it);
 * - `service-unavailable`: 200 with `errors[0].type: "SERVICE_UNAVAILABLE"` and the field null (gh-gei's fixture);
 * - `secondary-rate-limit`: GitHub's documented answer, HTTP 403 "You have exceeded a secondary rate limit…" with
 *   `retry-after: 60`;
 * - `secondary-rate-limit-graphql`: the other form seen, 200 with `errors[0].type: "RATE_LIMIT"` and `retry-after:
 *   60` (what gh-gei's tests model).
 */
export const TARGET_FAULT_KINDS = [
  'bad-gateway',
  'service-unavailable',
  'secondary-rate-limit',
  'secondary-rate-limit-graphql',
] as const;
export type TargetFaultKind = (typeof TARGET_FAULT_KINDS)[number];

export interface TargetFault {
  id: string;
  kind: TargetFaultKind;
  /** A root field of the operation (`node`, `startRepositoryMigration`, …); every request when omitted. */
  field?: string;
  count?: number;
  hits: number;
}

const MAX_RULES = 50;
const MAX_QUIRK_REPOS = 100;
const FIELD = /^[_A-Za-z][_0-9A-Za-z]{0,60}$/;
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;
const KNOWN = new Set(['kind', 'field', 'count']);

function parseOne(value: unknown, index: number): Omit<TargetFault, 'id' | 'hits'> | string {
  const where = `fault ${index + 1}`;
  if (!isRecord(value)) return `${where}: expected an object`;
  if (Object.keys(value).some((key) => !KNOWN.has(key)))
    return `${where}: only kind, field and count are known`;
  if (!(TARGET_FAULT_KINDS as readonly unknown[]).includes(value.kind))
    return `${where}: kind must be one of ${TARGET_FAULT_KINDS.join(', ')}`;
  if (value.field !== undefined && (typeof value.field !== 'string' || !FIELD.test(value.field)))
    return `${where}: field must be a GraphQL field name`;
  if (
    value.count !== undefined &&
    (typeof value.count !== 'number' ||
      !Number.isInteger(value.count) ||
      value.count < 1 ||
      value.count > 1_000_000)
  )
    return `${where}: count must be a whole number from 1 to 1000000`;
  return {
    kind: value.kind as TargetFaultKind,
    ...(value.field !== undefined ? { field: value.field } : {}),
    ...(value.count !== undefined ? { count: value.count } : {}),
  };
}

export function parseTargetFaults(
  body: unknown,
): { ok: true; rules: Omit<TargetFault, 'id' | 'hits'>[] } | { ok: false; error: string } {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0 || list.length > MAX_RULES)
    return { ok: false, error: `send 1 to ${MAX_RULES} rules` };
  const rules: Omit<TargetFault, 'id' | 'hits'>[] = [];
  for (const [index, value] of list.entries()) {
    const rule = parseOne(value, index);
    if (typeof rule === 'string') return { ok: false, error: rule };
    rules.push(rule);
  }
  return { ok: true, rules };
}

export interface ParsedQuirks {
  lossyRepositories?: string[];
  stuckRepositories?: string[];
  /** The organization's rulesets, replacing any before (`[]` removes them). */
  rulesets?: TargetRuleset[];
  /** The organization as one of Enterprise Managed Users (mannequins reattributed without an invitation). */
  emu?: boolean;
  /** How the secondary limit answers GraphQL: `http` (403 + `retry-after`, today's default) or `graphql` (200). */
  secondaryLimitAnswer?: SecondaryLimitAnswer;
}

export const SECONDARY_LIMIT_ANSWERS = ['http', 'graphql'] as const;
export type SecondaryLimitAnswer = (typeof SECONDARY_LIMIT_ANSWERS)[number];

export function parseQuirks(
  body: unknown,
  now = 0,
): ({ ok: true } & ParsedQuirks) | { ok: false; error: string } {
  if (!isRecord(body)) return { ok: false, error: 'expected an object' };
  const out: ParsedQuirks = {};
  for (const key of Object.keys(body)) {
    if (key === 'rulesets') {
      const rulesets = parseRulesetQuirk(body[key], now);
      if (typeof rulesets === 'string') return { ok: false, error: rulesets };
      out.rulesets = rulesets;
      continue;
    }
    if (key === 'emu') {
      if (typeof body.emu !== 'boolean') return { ok: false, error: 'emu must be true or false' };
      out.emu = body.emu;
      continue;
    }
    if (key === 'secondaryLimitAnswer') {
      if (!(SECONDARY_LIMIT_ANSWERS as readonly unknown[]).includes(body[key]))
        return { ok: false, error: 'secondaryLimitAnswer must be http or graphql' };
      out.secondaryLimitAnswer = body[key] as SecondaryLimitAnswer;
      continue;
    }
    if (key !== 'lossyRepositories' && key !== 'stuckRepositories')
      return {
        ok: false,
        error: 'only lossyRepositories, stuckRepositories, rulesets, emu and secondaryLimitAnswer are known',
      };
    const value = body[key];
    if (
      !Array.isArray(value) ||
      value.length > MAX_QUIRK_REPOS ||
      !value.every((name) => typeof name === 'string' && REPO_NAME.test(name))
    )
      return { ok: false, error: `${key} must be a list of at most ${MAX_QUIRK_REPOS} repository names` };
    out[key] = value as string[];
  }
  return { ok: true, ...out };
}

export interface TargetFaults {
  add(rules: Omit<TargetFault, 'id' | 'hits'>[]): TargetFault[];
  list(): TargetFault[];
  clear(): void;
  /** The first live rule for an operation with these root fields (counted as a hit), if any. */
  hit(rootFields: string[]): TargetFault | undefined;
}

export function createTargetFaults(): TargetFaults {
  let rules: TargetFault[] = [];
  let next = 1;
  return {
    add(added) {
      if (rules.length + added.length > MAX_RULES) throw new RangeError(`at most ${MAX_RULES} target faults`);
      const made = added.map((rule) => ({ ...rule, id: `target-${next++}`, hits: 0 }));
      rules.push(...made);
      return made;
    },
    list: () => rules.map((rule) => ({ ...rule })),
    clear() {
      rules = [];
    },
    hit(rootFields) {
      const rule = rules.find(
        (r) =>
          (r.field === undefined || rootFields.includes(r.field)) &&
          (r.count === undefined || r.hits < r.count),
      );
      if (rule) rule.hits++;
      return rule;
    },
  };
}
