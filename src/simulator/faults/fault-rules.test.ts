import { describe, expect, it } from 'vitest';
import { matchesPath, parseFaultRules, parseFaultsEnv, ruleMatches } from './fault-rules';

describe('parseFaultRules', () => {
  it('accepts one rule or an array, normalising method and path', () => {
    expect(parseFaultRules({ kind: 'status', status: 503, method: 'get', path: '/rate_limit/' })).toEqual({
      ok: true,
      rules: [{ kind: 'status', status: 503, method: 'GET', path: 'rate_limit' }],
    });
    const many = parseFaultRules([
      { kind: 'latency', latencyMs: 250, probability: 0.5, ttlSeconds: 30 },
      { kind: 'drop', upstream: 'github', count: 2 },
    ]);
    expect(many.ok && many.rules).toHaveLength(2);
  });

  it('gives the registrar burst its upstream and a default count of five', () => {
    expect(parseFaultRules({ kind: 'registrar-503-burst' })).toEqual({
      ok: true,
      rules: [{ kind: 'registrar-503-burst', upstream: 'registrar', count: 5 }],
    });
    expect(parseFaultRules({ kind: 'registrar-503-burst', count: 2 })).toMatchObject({
      rules: [{ count: 2 }],
    });
  });

  it.each([
    [null, /expected an object/],
    [{ kind: 'meteor' }, /kind must be one of/],
    [{ kind: 'status' }, /status must be 500, 502 or 503/],
    [{ kind: 'status', status: 404 }, /status must be/],
    [{ kind: 'drop', status: 500 }, /status applies to kind "status" only/],
    [{ kind: 'latency' }, /latency needs latencyMs/],
    [{ kind: 'latency', latencyMs: -1 }, /latencyMs/],
    [{ kind: 'drop', method: 'TRACE' }, /method must be/],
    [{ kind: 'drop', path: '../etc' }, /path must be a pattern/],
    [{ kind: 'drop', path: 'a b' }, /path must be a pattern/],
    [{ kind: 'drop', count: 0 }, /count must be a positive integer/],
    [{ kind: 'drop', probability: 1.5 }, /probability/],
    [{ kind: 'drop', ttlSeconds: 0 }, /ttlSeconds/],
    [{ kind: 'drop', upstream: 'gitlab' }, /upstream must be/],
    [{ kind: 'drop', surprise: true }, /unknown field "surprise"/],
    [{ kind: 'primary-rate-limit', upstream: 'registrar' }, /is a GitHub fault/],
    [{ kind: 'registrar-503-burst', upstream: 'github' }, /applies to the registrar/],
    [{ kind: 'drop', resetInSeconds: 5 }, /resetInSeconds applies to primary-rate-limit/],
    [{ kind: 'secondary-rate-limit', retryAfterSeconds: 0 }, /retryAfterSeconds must be/],
    [{ kind: 'drop', id: 'no spaces please' }, /id must be/],
  ])('refuses %j', (input, message) => {
    const result = parseFaultRules(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('bounds how many rules arrive at once', () => {
    expect(parseFaultRules(Array.from({ length: 51 }, () => ({ kind: 'drop' }))).ok).toBe(false);
  });
});

describe('parseFaultsEnv (SIM_FAULTS)', () => {
  it('treats unset and blank as no faults', () => {
    expect(parseFaultsEnv(undefined)).toEqual([]);
    expect(parseFaultsEnv('  ')).toEqual([]);
  });

  it('reads JSON and explains what is wrong', () => {
    expect(parseFaultsEnv('[{"kind":"status","status":500,"probability":0.1}]')).toHaveLength(1);
    expect(() => parseFaultsEnv('kind=drop')).toThrow(/SIM_FAULTS must be JSON/);
    expect(() => parseFaultsEnv('{"kind":"nope"}')).toThrow(/SIM_FAULTS: fault 1: kind/);
  });
});

describe('matching', () => {
  it('matches literal segments, * for one segment and ** for any number', () => {
    expect(matchesPath('rate_limit', 'rate_limit')).toBe(true);
    expect(matchesPath('rate_limit', 'user')).toBe(false);
    expect(matchesPath('orgs/*/migrations', 'orgs/octo-org/migrations')).toBe(true);
    expect(matchesPath('orgs/*/migrations', 'orgs/octo-org/migrations/1')).toBe(false);
    expect(matchesPath('orgs/**', 'orgs/octo-org/migrations/1/archive')).toBe(true);
    expect(matchesPath('repos/**/import', 'repos/o/r/import')).toBe(true);
    expect(matchesPath('**', 'anything/at/all')).toBe(true);
  });

  it('answers at once for a pattern of many ** that cannot match (it used to backtrack for seconds)', () => {
    const pattern = Array.from({ length: 66 }, () => '**').join('/');
    expect(matchesPath(`${pattern}/nowhere`, 'orgs/octo-org/migrations/1/archive/a/b/c/d/e')).toBe(false);
    expect(matchesPath(`${pattern}/e`, 'orgs/octo-org/migrations/1/archive/a/b/c/d/e')).toBe(true);
  });

  it('caps a path pattern at 200 characters and 16 segments', () => {
    expect(parseFaultRules({ kind: 'drop', path: 'a/'.repeat(17) })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 16 segments/) as unknown,
    });
    expect(parseFaultRules({ kind: 'drop', path: 'a'.repeat(201) })).toMatchObject({ ok: false });
    expect(parseFaultRules({ kind: 'drop', path: 'a/'.repeat(16) })).toMatchObject({ ok: true });
  });

  it('checks upstream and method when the rule names them', () => {
    const request = { upstream: 'github' as const, method: 'GET', path: 'user' };
    expect(ruleMatches({}, request)).toBe(true);
    expect(ruleMatches({ upstream: 'registrar' }, request)).toBe(false);
    expect(ruleMatches({ method: 'POST' }, request)).toBe(false);
    expect(ruleMatches({ method: 'GET', path: 'user' }, request)).toBe(true);
  });
});
