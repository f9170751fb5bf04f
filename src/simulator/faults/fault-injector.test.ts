import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_FAULTS, TooManyFaultsError, createFaultInjector } from './fault-injector';

const request = { upstream: 'github' as const, method: 'GET', path: 'rate_limit' };

describe('createFaultInjector', () => {
  it('fires the first matching rule and counts its hits', () => {
    const faults = createFaultInjector();
    faults.add([
      { kind: 'drop', path: 'user' },
      { kind: 'status', status: 503 },
    ]);
    expect(faults.pick(request).map((rule) => rule.kind)).toEqual(['status']);
    expect(faults.pick({ ...request, path: 'user' }).map((rule) => rule.kind)).toEqual(['drop']);
    expect(faults.list().map((rule) => rule.hits)).toEqual([1, 1]);
  });

  it('adds every matching latency to the one answer-changing fault', () => {
    const faults = createFaultInjector();
    faults.add([
      { kind: 'latency', latencyMs: 100 },
      { kind: 'status', status: 500 },
      { kind: 'latency', latencyMs: 50 },
      { kind: 'drop' },
    ]);
    expect(faults.pick(request).map((rule) => rule.latencyMs ?? rule.kind)).toEqual([100, 'status', 50]);
  });

  it('expires a rule after count hits, keeping it listed as inactive', () => {
    const faults = createFaultInjector();
    faults.add([{ id: 'twice', kind: 'drop', count: 2 }]);
    expect(faults.pick(request)).toHaveLength(1);
    expect(faults.pick(request)).toHaveLength(1);
    expect(faults.pick(request)).toEqual([]);
    expect(faults.list()).toMatchObject([{ id: 'twice', hits: 2, active: false }]);
  });

  it('expires a rule after its ttl on the injected clock', () => {
    let now = 1_000;
    const faults = createFaultInjector({ now: () => now });
    faults.add([{ kind: 'drop', ttlSeconds: 5 }]);
    now += 4_999;
    expect(faults.pick(request)).toHaveLength(1);
    now += 1;
    expect(faults.pick(request)).toEqual([]);
  });

  it('fires with the given probability', () => {
    const rolls = [0.1, 0.9, 0.29, 0.3];
    const faults = createFaultInjector({ random: () => rolls.shift() ?? 1 });
    faults.add([{ kind: 'drop', probability: 0.3 }]);
    expect([1, 2, 3, 4].map(() => faults.pick(request).length > 0)).toEqual([true, false, true, false]);
  });

  it('replaces a rule added again under the same id, removes and clears', () => {
    const faults = createFaultInjector();
    faults.add([{ id: 'x', kind: 'drop' }]);
    faults.add([{ id: 'x', kind: 'latency', latencyMs: 5 }]);
    expect(faults.list()).toMatchObject([{ id: 'x', kind: 'latency' }]);
    expect(faults.remove('x')).toBe(true);
    expect(faults.remove('x')).toBe(false);
    faults.add([{ kind: 'drop' }, { kind: 'drop' }]);
    faults.clear();
    expect(faults.list()).toEqual([]);
    expect(faults.pick(request)).toEqual([]);
  });

  it('keeps a bounded number of spent rules', () => {
    const faults = createFaultInjector();
    for (let i = 0; i < 150; i += 1) {
      faults.add([{ kind: 'drop', count: 1 }]);
      faults.pick(request);
    }
    expect(faults.list().length).toBeLessThanOrEqual(100);
  });

  it(`refuses more than ${MAX_ACTIVE_FAULTS} rules in force, adding none of a batch that would pass it`, () => {
    const faults = createFaultInjector();
    faults.add(Array.from({ length: MAX_ACTIVE_FAULTS - 1 }, () => ({ kind: 'drop' as const })));
    expect(() => faults.add([{ kind: 'drop' }, { kind: 'drop' }])).toThrow(TooManyFaultsError);
    expect(faults.list()).toHaveLength(MAX_ACTIVE_FAULTS - 1);
    faults.add([{ kind: 'drop' }]);
    // Spent rules do not count.
    faults.clear();
    faults.add([{ kind: 'drop', count: 1 }]);
    faults.pick(request);
    faults.add(Array.from({ length: MAX_ACTIVE_FAULTS }, () => ({ kind: 'drop' as const })));
  });
});
