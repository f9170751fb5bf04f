import { isRecord } from '@/contracts/json';
/**
 * The fault model: what a tester can ask the simulator to get wrong, and how a rule is validated.
 * Pure: no I/O, no clock of its own. Rules come from the control interface (`POST /__sim/faults`) or the
 * `SIM_FAULTS` environment variable (a JSON rule or array of rules).
 */
export const FAULT_KINDS = [
  'latency', // answer normally, `latencyMs` later
  'status', // answer 500, 502 or 503 (JSON like the upstream's, or an HTML page with `html: true`)
  'drop', // drop the connection without an answer
  'malformed-json', // 200 with a body that is not JSON although it says so
  'truncated-json', // the real answer cut in half (headers, ETag included, kept)
  'primary-rate-limit', // GitHub: 403, x-ratelimit-remaining: 0 and a reset `resetInSeconds` away
  'secondary-rate-limit', // GitHub: 403 "secondary rate limit" with retry-after `retryAfterSeconds`
  'registrar-503-burst', // registrar: nginx's HTML 503 for the next `count` requests (default 5)
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type FaultUpstream = 'github' | 'registrar';
const UPSTREAMS: readonly FaultUpstream[] = ['github', 'registrar'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export interface FaultRule {
  id: string;
  kind: FaultKind;
  /** Which upstream it applies to; both when omitted (the registrar burst: the registrar only). */
  upstream?: FaultUpstream;
  /** HTTP method to match; any when omitted. */
  method?: (typeof METHODS)[number];
  /**
   * Path pattern relative to the upstream's API root, e.g. `rate_limit`, `orgs/* /migrations`
   * (`*` = one segment, `**` = any number); every path when omitted.
   */
  path?: string;
  status?: 500 | 502 | 503;
  html?: boolean;
  latencyMs?: number;
  resetInSeconds?: number;
  retryAfterSeconds?: number;
  /** Apply to this many matching requests, then expire. Unlimited when omitted. */
  count?: number;
  /** Chance (0–1) that a matching request is hit. 1 when omitted. */
  probability?: number;
  /** Expire this many (wall-clock) seconds after the rule was added. */
  ttlSeconds?: number;
}

export type FaultRuleInput = Omit<FaultRule, 'id'> & { id?: string };

export type ParseResult = { ok: true; rules: FaultRuleInput[] } | { ok: false; error: string };

const MAX_RULES = 50;
const MAX_PATH_LENGTH = 200;
const MAX_PATH_SEGMENTS = 16;
const KNOWN_FIELDS = new Set([
  'id',
  'kind',
  'upstream',
  'method',
  'path',
  'status',
  'html',
  'latencyMs',
  'resetInSeconds',
  'retryAfterSeconds',
  'count',
  'probability',
  'ttlSeconds',
]);
const PATH_PATTERN = /^\/?(?:(?:\*\*|\*|(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)(?:\/|$))+$/;

function numberIn(value: unknown, min: number, max: number, integer = true): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (!integer || Number.isInteger(value))
  );
}

function parseOne(value: unknown, index: number): FaultRuleInput | string {
  const where = `fault ${index + 1}`;
  if (!isRecord(value)) return `${where}: expected an object`;
  const unknownField = Object.keys(value).find((key) => !KNOWN_FIELDS.has(key));
  if (unknownField) return `${where}: unknown field ${JSON.stringify(unknownField.slice(0, 40))}`;
  const { kind } = value;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind))
    return `${where}: kind must be one of ${FAULT_KINDS.join(', ')}`;
  const rule: FaultRuleInput = { kind: kind as FaultKind };

  if (value.id !== undefined) {
    if (typeof value.id !== 'string' || !/^[\w-]{1,40}$/.test(value.id))
      return `${where}: id must be 1–40 letters, digits, _ or -`;
    rule.id = value.id;
  }
  if (value.upstream !== undefined) {
    if (!UPSTREAMS.includes(value.upstream as FaultUpstream))
      return `${where}: upstream must be github or registrar`;
    rule.upstream = value.upstream as FaultUpstream;
  }
  if (kind === 'registrar-503-burst') {
    if (rule.upstream === 'github') return `${where}: a registrar burst applies to the registrar`;
    rule.upstream = 'registrar';
    rule.count = 5;
  }
  if ((kind === 'primary-rate-limit' || kind === 'secondary-rate-limit') && rule.upstream === 'registrar')
    return `${where}: ${kind} is a GitHub fault`;
  if (value.method !== undefined) {
    const method = typeof value.method === 'string' ? value.method.toUpperCase() : '';
    if (!(METHODS as readonly string[]).includes(method))
      return `${where}: method must be one of ${METHODS.join(', ')}`;
    rule.method = method as FaultRule['method'];
  }
  if (value.path !== undefined) {
    if (
      typeof value.path !== 'string' ||
      value.path.length > MAX_PATH_LENGTH ||
      !PATH_PATTERN.test(value.path)
    )
      return `${where}: path must be a pattern like "rate_limit" or "orgs/*/migrations/**"`;
    if (value.path.split('/').filter(Boolean).length > MAX_PATH_SEGMENTS)
      return `${where}: path may have at most ${MAX_PATH_SEGMENTS} segments`;
    rule.path = value.path.replace(/^\//, '').replace(/\/$/, '');
  }
  if (kind === 'status') {
    if (value.status !== 500 && value.status !== 502 && value.status !== 503)
      return `${where}: status must be 500, 502 or 503`;
    rule.status = value.status;
  } else if (value.status !== undefined) return `${where}: status applies to kind "status" only`;
  if (value.html !== undefined) {
    if (typeof value.html !== 'boolean') return `${where}: html must be true or false`;
    rule.html = value.html;
  }
  if (kind === 'latency' && value.latencyMs === undefined) return `${where}: latency needs latencyMs`;
  if (value.latencyMs !== undefined) {
    if (!numberIn(value.latencyMs, 0, 600_000)) return `${where}: latencyMs must be 0–600000`;
    rule.latencyMs = value.latencyMs;
  }
  if (value.resetInSeconds !== undefined) {
    if (kind !== 'primary-rate-limit') return `${where}: resetInSeconds applies to primary-rate-limit`;
    if (!numberIn(value.resetInSeconds, 1, 3600)) return `${where}: resetInSeconds must be 1–3600`;
    rule.resetInSeconds = value.resetInSeconds;
  }
  if (value.retryAfterSeconds !== undefined) {
    if (kind !== 'secondary-rate-limit') return `${where}: retryAfterSeconds applies to secondary-rate-limit`;
    if (!numberIn(value.retryAfterSeconds, 1, 3600)) return `${where}: retryAfterSeconds must be 1–3600`;
    rule.retryAfterSeconds = value.retryAfterSeconds;
  }
  if (value.count !== undefined) {
    if (!numberIn(value.count, 1, 1_000_000)) return `${where}: count must be a positive integer`;
    rule.count = value.count;
  }
  if (value.probability !== undefined) {
    if (!numberIn(value.probability, 0, 1, false)) return `${where}: probability must be between 0 and 1`;
    rule.probability = value.probability;
  }
  if (value.ttlSeconds !== undefined) {
    if (!numberIn(value.ttlSeconds, 0.001, 86_400, false)) return `${where}: ttlSeconds must be 0–86400`;
    rule.ttlSeconds = value.ttlSeconds;
  }
  return rule;
}

/** Validate one rule or an array of rules (already JSON-parsed). */
export function parseFaultRules(input: unknown): ParseResult {
  const list = Array.isArray(input) ? input : [input];
  if (list.length > MAX_RULES) return { ok: false, error: `at most ${MAX_RULES} faults at once` };
  const rules: FaultRuleInput[] = [];
  for (const [index, item] of list.entries()) {
    const parsed = parseOne(item, index);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    rules.push(parsed);
  }
  return { ok: true, rules };
}

/** `SIM_FAULTS`: empty or unset means none; otherwise JSON. Throws with a readable message. */
export function parseFaultsEnv(value: string | undefined): FaultRuleInput[] {
  if (value === undefined || value.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('SIM_FAULTS must be JSON: a fault rule or an array of them');
  }
  const result = parseFaultRules(json);
  if (!result.ok) throw new Error(`SIM_FAULTS: ${result.error}`);
  return result.rules;
}

/**
 * Does `pattern` (`*` one segment, `**` any number) match the relative `path`? One pass over the path per
 * pattern segment, never backtracking: a pattern of 66 `**` segments used to take seconds per request.
 */
export function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  // reach[j]: the pattern so far matches the first j segments of the path.
  let reach = have.map(() => false).concat(false);
  reach[0] = true;
  for (const part of want) {
    const next = reach.map(() => false);
    if (part === '**') {
      let any = false;
      for (let j = 0; j <= have.length; j += 1) next[j] = any ||= reach[j] === true;
    } else {
      for (let j = 1; j <= have.length; j += 1)
        next[j] = reach[j - 1] === true && (part === '*' || part === have[j - 1]);
    }
    reach = next;
  }
  return reach[have.length] === true;
}

export function ruleMatches(
  rule: Pick<FaultRule, 'upstream' | 'method' | 'path'>,
  request: { upstream: FaultUpstream; method: string; path: string },
): boolean {
  if (rule.upstream && rule.upstream !== request.upstream) return false;
  if (rule.method && rule.method !== request.method.toUpperCase()) return false;
  if (rule.path !== undefined && !matchesPath(rule.path, request.path)) return false;
  return true;
}
