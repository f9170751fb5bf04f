import { ruleMatches, type FaultRule, type FaultRuleInput, type FaultUpstream } from './fault-rules';

export interface ActiveFault extends FaultRule {
  /** Requests this rule has hit so far. */
  hits: number;
  /** Wall-clock ms when it was added. */
  addedAt: number;
  /** False once its count is used up or its ttl has passed (kept, so its hits stay readable). */
  active: boolean;
}

const MAX_KEPT_INACTIVE = 100;
/** Every request is matched against every active rule: their number is bounded. */
export const MAX_ACTIVE_FAULTS = 100;

export class TooManyFaultsError extends Error {
  override name = 'TooManyFaultsError';
}

export interface FaultRequest {
  upstream: FaultUpstream;
  method: string;
  /** Path relative to the upstream's API root, without a leading slash. */
  path: string;
}

export interface FaultInjector {
  /** Throws `TooManyFaultsError` past `MAX_ACTIVE_FAULTS` rules in force (nothing is added then). */
  add(rules: FaultRuleInput[]): ActiveFault[];
  list(): ActiveFault[];
  remove(id: string): boolean;
  clear(): void;
  /**
   * The rules that fire for this request, counting their hits: every matching `latency` rule (delays add
   * up) and the first matching rule of any other kind. Empty when none applies.
   */
  pick(request: FaultRequest): ActiveFault[];
}

/**
 * The rules in force. `now` (wall clock, for ttl) and `random` (for probability) are injected so the
 * behaviour is deterministic under test.
 */
export function createFaultInjector(
  options: { now?: () => number; random?: () => number } = {},
): FaultInjector {
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  let rules: ActiveFault[] = [];
  let sequence = 0;

  const alive = (rule: ActiveFault, at: number) =>
    (rule.count === undefined || rule.hits < rule.count) &&
    (rule.ttlSeconds === undefined || at - rule.addedAt < rule.ttlSeconds * 1000);
  /** Mark spent rules inactive; forget the oldest inactive ones beyond a bound. */
  const refresh = () => {
    const at = now();
    for (const rule of rules) rule.active = rule.active && alive(rule, at);
    let spent = rules.filter((rule) => !rule.active).length;
    rules = rules.filter((rule) => rule.active || spent-- <= MAX_KEPT_INACTIVE);
  };

  return {
    add(inputs) {
      refresh();
      const replaced = new Set(inputs.map((input) => input.id).filter(Boolean));
      const staying = rules.filter((rule) => rule.active && !replaced.has(rule.id)).length;
      if (staying + inputs.length > MAX_ACTIVE_FAULTS) {
        throw new TooManyFaultsError(
          `at most ${MAX_ACTIVE_FAULTS} faults in force (${staying} now); DELETE /__sim/faults clears them`,
        );
      }
      const at = now();
      const added = inputs.map((input): ActiveFault => {
        sequence += 1;
        return { ...input, id: input.id ?? `fault-${sequence}`, hits: 0, addedAt: at, active: true };
      });
      const ids = new Set(added.map((rule) => rule.id));
      rules = [...rules.filter((rule) => !ids.has(rule.id)), ...added];
      return added.map((rule) => ({ ...rule }));
    },
    list() {
      refresh();
      return rules.map((rule) => ({ ...rule }));
    },
    remove(id) {
      const before = rules.length;
      rules = rules.filter((rule) => rule.id !== id);
      return rules.length !== before;
    },
    clear() {
      rules = [];
    },
    pick(request) {
      refresh();
      const fired: ActiveFault[] = [];
      let decided = false;
      for (const rule of rules) {
        if (!rule.active || !ruleMatches(rule, request)) continue;
        if (decided && rule.kind !== 'latency') continue;
        if (rule.probability !== undefined && random() >= rule.probability) continue;
        rule.hits += 1;
        fired.push({ ...rule });
        if (rule.kind !== 'latency') decided = true;
      }
      return fired;
    },
  };
}
