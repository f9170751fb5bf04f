import { describe, expect, it } from 'vitest';
import { planRepositories } from './move-plan';
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
