import { describe, expect, it } from 'vitest';
import { isShapeError } from '../json';
import {
  errorMessageOf,
  parseInstallation,
  parseInstallationToken,
  parseUserLogin,
} from './credential-answers';

const thrown = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return isShapeError(error) ? error.message : `not a ShapeError: ${String(error)}`;
  }
  return 'nothing thrown';
};

describe('GitHub’s answers to the credential checks', () => {
  it('GET /user: a login by GitHub’s rules, or a plain problem', () => {
    expect(parseUserLogin({ login: 'octocat', id: 1 })).toBe('octocat');
    for (const body of [null, [], 'octocat', { login: 7 }, { login: 'a b' }, { login: 'x'.repeat(40) }]) {
      expect(thrown(() => parseUserLogin(body))).toBe(
        'GitHub’s answer to GET /user could not be read (no user login).',
      );
    }
  });

  it('an installation: its account’s login, and the permissions that are text', () => {
    expect(
      parseInstallation({
        account: { login: 'octo-org' },
        permissions: { metadata: 'read', contents: 1, 'Bad Name': 'write', ['__proto__']: 'x' },
      }),
    ).toEqual({ login: 'octo-org', permissions: { metadata: 'read', ['__proto__']: 'x' } });
    expect(parseInstallation({ account: { login: 'octo-org' } }).permissions).toEqual({});
    expect(thrown(() => parseInstallation({ account: 'octo-org' }))).toMatch(/no installation account/);
  });

  it('an installation token: text that may go into a header', () => {
    expect(parseInstallationToken({ token: 'ghs_abc.def', expires_at: '2030-01-01T00:00:00Z' })).toBe(
      'ghs_abc.def',
    );
    for (const token of [undefined, '', 'ghs abc', 'ghs_\r\nx', 'ghs_é', 'x'.repeat(4097)]) {
      expect(thrown(() => parseInstallationToken({ token }))).toMatch(/installation token answer/);
    }
  });

  it('an error answer’s message: text only, at most 200 characters', () => {
    expect(errorMessageOf({ message: 'Bad credentials' })).toBe('Bad credentials');
    expect(errorMessageOf({ message: 'x'.repeat(500) })).toHaveLength(200);
    expect(errorMessageOf({ message: { nested: true } })).toBeUndefined();
    expect(errorMessageOf(null)).toBeUndefined();
  });
});
