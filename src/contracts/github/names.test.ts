import { describe, expect, it } from 'vitest';
import { isId, isLogin, isRepoReference, isRepositoryName, parseFullName } from './names';

describe('GitHub names', () => {
  it.each([
    ['octo-org', true],
    ['Octo-Org', true],
    ['a'.repeat(39), true],
    ['a'.repeat(40), false],
    ['-octo', false],
    ['octo-', false],
    ['octo--org', false],
    ['octo_org', false],
    ['', false],
  ])('login %j → %s', (login, valid) => expect(isLogin(login)).toBe(valid));

  it('repository names: letters, digits, . - _, not . or ..', () => {
    expect(isRepositoryName('octocat', 'hello.world_2-x')).toBe(true);
    expect(isRepositoryName('octocat', '..')).toBe(false);
    expect(isRepositoryName('octocat', 'a/b')).toBe(false);
    expect(isRepositoryName('-x', 'ok')).toBe(false);
  });

  it('full names split into owner and repository, or nothing', () => {
    expect(parseFullName('octocat/Hello-World')).toEqual({ owner: 'octocat', repo: 'Hello-World' });
    expect(parseFullName('octocat')).toBeUndefined();
    expect(parseFullName('octocat/a/b')).toBeUndefined();
    expect(parseFullName('octo--cat/x')).toBeUndefined();
  });

  it('a migration accepts `name` or `owner/name`', () => {
    expect(isRepoReference('hello-world')).toBe(true);
    expect(isRepoReference('octo-org/hello-world')).toBe(true);
    expect(isRepoReference('octo-org/')).toBe(false);
    expect(isRepoReference('.')).toBe(false);
  });

  it('ids stay within safe integers', () => {
    expect(isId('42')).toBe(true);
    expect(isId('0')).toBe(false);
    expect(isId('9999999999999999')).toBe(false);
    expect(isId('042')).toBe(false);
  });
});
