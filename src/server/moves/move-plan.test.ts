import { describe, expect, it } from 'vitest';
import { fnmatch, repositoryNameMatches, type RulesetDetail } from '@/contracts/github/rulesets';
import type { MovePlannedRepository, PreflightCheckName } from '@/contracts/moves';
import type { PlannedRepo } from '@/contracts/waves';
import { planRepositories } from './move-plan';
import type { RulesetsRead } from './target-rulesets';
import { sourceLimit } from './source-limit';
import { targetVisibility } from './visibility';

const repo = (name: string, sizeKb = 10, visibility: 'public' | 'private' = 'private') => ({
  name,
  sizeKb,
  language: null,
  visibility,
  archived: false,
  pushedAt: null,
});
const GIB = 1024 * 1024;

describe('GEI’s size limit by the source’s version', () => {
  it('follows GitHub Enterprise Server’s versions, and takes 40 GiB when none is named', () => {
    expect(sourceLimit('3.7.12').limitKb).toBe(2 * GIB);
    expect(sourceLimit('3.8.0').limitKb).toBe(10 * GIB);
    expect(sourceLimit('3.11.4').limitKb).toBe(10 * GIB);
    expect(sourceLimit('3.12.1').limitKb).toBe(20 * GIB);
    expect(sourceLimit('3.13.0').limitKb).toBe(40 * GIB);
    expect(sourceLimit('3.20.0').limitKb).toBe(40 * GIB);
    expect(sourceLimit('2.22.0').limitKb).toBe(2 * GIB);
    expect(sourceLimit(undefined)).toMatchObject({ limitKb: 40 * GIB });
    expect(sourceLimit('nonsense').limitKb).toBe(40 * GIB);
  });
});

describe('visibility on the target', () => {
  it('keeps the source’s by default, takes a choice, and refuses internal outside an enterprise', () => {
    expect(targetVisibility('public', undefined, { login: 'o' })).toMatchObject({
      visibility: 'public',
      ok: true,
    });
    expect(targetVisibility('public', 'private', { login: 'o' })).toMatchObject({
      visibility: 'private',
      ok: true,
    });
    expect(targetVisibility('private', 'internal', { login: 'o', enterprise: true }).ok).toBe(true);
    const notEnterprise = targetVisibility('private', 'internal', { login: 'o', enterprise: false });
    expect(notEnterprise.ok).toBe(false);
    expect(notEnterprise.reason).toMatch(/o is not one/);
    const unknown = targetVisibility('private', 'internal', { login: 'o' });
    expect(unknown.ok).toBe(false);
    expect(unknown.reason).toMatch(/cannot tell/);
  });
});

describe('each repository’s pre-flight', () => {
  const plan = (
    selected: ReturnType<typeof repo>[],
    taken: string[] = [],
    choices: { name: string; targetName?: string; visibility?: 'internal' }[] = [],
    version?: string,
  ) =>
    planRepositories({
      selected,
      choices: new Map(choices.map((choice) => [choice.name.toLowerCase(), choice])),
      taken: new Set(taken),
      limit: sourceLimit(version),
      target: { login: 'octo-target' },
    });

  it('refuses a name the target has (GitHub compares names without case) with GitHub’s words', () => {
    const [docs, web] = plan([repo('Docs'), repo('web')], ['docs']);
    expect(docs?.ready).toBe(false);
    expect(docs?.checks[0]).toEqual({
      check: 'target-name-free',
      ok: false,
      reason: 'A repository called octo-target/Docs already exists.',
    });
    expect(web?.ready).toBe(true);
  });

  it('refuses a second repository taking the same target name in the move, not the first', () => {
    const [a, b] = plan([repo('a'), repo('b')], [], [{ name: 'b', targetName: 'A' }]);
    expect(a?.ready).toBe(true);
    expect(b?.targetName).toBe('A');
    expect(b?.checks[0]).toMatchObject({ ok: false, reason: 'a already takes the name A in this move.' });
  });

  it('refuses a repository over the source version’s limit, and keeps the limit’s reason', () => {
    const [small, large] = plan([repo('small', 2 * GIB), repo('large', 2 * GIB + 1)], [], [], '3.7.0');
    expect(small?.ready).toBe(true);
    expect(large?.checks[1]).toMatchObject({ check: 'size-within-limit', ok: false });
    expect(large?.checks[1]?.reason).toMatch(/2 GiB, GEI’s limit for GitHub Enterprise Server before 3\.8/);
  });

  it('refuses internal where Ferry cannot tell the organization is an enterprise’s', () => {
    const [one] = plan([repo('one')], [], [{ name: 'one', visibility: 'internal' }]);
    expect(one).toMatchObject({ visibility: 'internal', ready: false });
  });
});

describe('the target’s rulesets and the right to archive, per repository', () => {
  const ruleset = (name: string, include: string[], more: Partial<RulesetDetail> = {}): RulesetDetail => ({
    id: name.length,
    name,
    enforcement: 'active',
    target: 'branch',
    repositoryName: { include, exclude: [] },
    byProperty: false,
    ...more,
  });
  const planWith = (selected: PlannedRepo[], rulesets?: RulesetsRead, archiveBy?: string) =>
    planRepositories({
      selected,
      choices: new Map(),
      taken: new Set(),
      limit: sourceLimit(undefined),
      target: { login: 'octo-target' },
      rulesets,
      archiveBy,
    });
  const check = (planned: MovePlannedRepository | undefined, name: PreflightCheckName) =>
    planned?.checks.find((one) => one.check === name);

  it('refuses a repository an active ruleset covers without the Repository migrations bypass, naming the ruleset', () => {
    const [lib, app, free] = planWith([repo('lib-core'), repo('app'), repo('lib-free')], {
      ok: true,
      requests: 3,
      rulesets: [
        ruleset('Protect main', ['lib-*'], { repositoryName: { include: ['lib-*'], exclude: ['lib-free'] } }),
        ruleset('Everything', ['~ALL'], { migrationsBypass: 'exempt' }),
        ruleset('Old', ['~ALL'], { enforcement: 'disabled' }),
      ],
    });
    expect(lib?.ready).toBe(false);
    expect(check(lib, 'target-rulesets')).toMatchObject({ ok: false });
    expect(check(lib, 'target-rulesets')?.reason).toMatch(
      /^The ruleset “Protect main” of octo-target applies to octo-target\/lib-core without letting Repository migrations bypass/,
    );
    expect(check(app, 'target-rulesets')).toEqual({
      check: 'target-rulesets',
      ok: true,
      reason: 'No ruleset in force applies to octo-target/app without the Repository migrations bypass.',
    });
    expect(free?.ready).toBe(true);
  });

  it('passes with a warning for evaluate mode, an Always allow bypass, a ruleset by property, or rulesets it could not read', () => {
    const [trial] = planWith([repo('Trial-App')], {
      ok: true,
      requests: 2,
      rulesets: [ruleset('Try it', ['trial-*'], { enforcement: 'evaluate' })],
    });
    expect(trial?.ready).toBe(true);
    expect(check(trial, 'target-rulesets')).toMatchObject({ ok: true, warning: true });
    expect(check(trial, 'target-rulesets')?.reason).toMatch(
      /^The ruleset “Try it” \(evaluate mode\) would apply/,
    );
    const [always] = planWith([repo('a')], {
      ok: true,
      requests: 3,
      rulesets: [
        ruleset('Allowed', ['?'], { migrationsBypass: 'always' }),
        ruleset('Props', [], { repositoryName: undefined, byProperty: true }),
      ],
    });
    expect(check(always, 'target-rulesets')).toMatchObject({ ok: true, warning: true });
    expect(check(always, 'target-rulesets')?.reason).toMatch(/Always allow.*custom property/);
    const [unread] = planWith([repo('a')], {
      ok: false,
      requests: 1,
      reason: 'GitHub answered 404 “Not Found”',
    });
    expect(check(unread, 'target-rulesets')).toMatchObject({ ok: true, warning: true });
    // A ruleset by repository id never covers a repository that does not exist yet; pull_request bypass is none.
    const [byId, pr] = planWith([repo('x'), repo('y')], {
      ok: true,
      requests: 3,
      rulesets: [
        ruleset('By id', [], { repositoryName: undefined }),
        ruleset('PR only', ['y'], { migrationsBypass: 'pull_request' }),
      ],
    });
    expect(byId?.ready).toBe(true);
    expect(pr?.ready).toBe(false);
  });

  it('refuses to promise archiving where the source credential is no admin (no request: the listing says it)', () => {
    const [mine, theirs, unknown] = planWith(
      [{ ...repo('mine'), admin: true }, { ...repo('theirs'), admin: false }, repo('unsaid')],
      undefined,
      'default',
    );
    expect(check(mine, 'source-archive-right')).toMatchObject({ ok: true });
    expect(theirs?.ready).toBe(false);
    expect(check(theirs, 'source-archive-right')?.reason).toMatch(
      /default is not an admin of this repository/,
    );
    expect(unknown?.ready).toBe(false);
    // Without archive, nothing is asked of the credential.
    expect(check(planWith([{ ...repo('theirs'), admin: false }])[0], 'source-archive-right')).toBeUndefined();
  });
});

describe('ruleset repository-name patterns (fnmatch, ~ALL, exclude wins)', () => {
  it('matches as GitHub’s rulesets do, without case', () => {
    const cases: [string, string[], string[], boolean][] = [
      ['lib-core', ['lib-*'], [], true],
      ['LIB-core', ['lib-*'], [], true],
      ['core-lib', ['lib-*'], [], false],
      ['a.b', ['a?b'], [], true],
      ['a.b', ['a.b'], [], true],
      ['axb', ['a.b'], [], false],
      ['x1', ['x[0-9]'], [], true],
      ['xa', ['x[!0-9]'], [], true],
      ['x1', ['x[!0-9]'], [], false],
      ['anything', ['~ALL'], [], true],
      ['sandbox', ['~ALL'], ['sand*'], false],
      ['weird(', ['weird('], [], true],
      ['a', [], [], false],
    ];
    for (const [name, include, exclude, expected] of cases)
      expect(repositoryNameMatches(name, { include, exclude }), `${name} ${include.join(',')}`).toBe(
        expected,
      );
  });
});

describe('fnmatch against a hostile pattern', () => {
  it('answers at once however many stars a target puts in a pattern', () => {
    const started = performance.now();
    expect(fnmatch(`${'*a'.repeat(150)}b`, 'a'.repeat(100))).toBe(false);
    expect(fnmatch('[z-a]', 'm')).toBe(false);
    expect(fnmatch('[', '[')).toBe(true);
    // A hang guard, not a speed target: a backtracking matcher takes far longer than this on 150 stars.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
