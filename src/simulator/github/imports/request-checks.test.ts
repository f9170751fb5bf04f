import { describe, expect, it } from 'vitest';
import {
  authorChangeErrors,
  isValidAuthorEmail,
  isValidAuthorName,
  parseLfsChoice,
  parseStartRequest,
} from './request-checks';

const fields = (errors: unknown) =>
  (errors as { field?: string; code: string }[]).map((e) => `${e.field}:${e.code}`);

describe('starting an import', () => {
  it('takes a VCS URL of a known scheme, trimmed, with the optional fields', () => {
    expect(
      parseStartRequest({
        vcs_url: '  svn://svn.example.com/trunk ',
        vcs: 'subversion',
        vcs_username: 'ada',
        vcs_password: 'not-a-real-password',
      }),
    ).toEqual({
      vcsUrl: 'svn://svn.example.com/trunk',
      vcs: 'subversion',
      username: 'ada',
      password: 'not-a-real-password',
      tfvcProject: undefined,
    });
  });

  it('names every field at fault, as GitHub does', () => {
    expect(fields(parseStartRequest(undefined))).toEqual(['vcs_url:missing_field']);
    expect(fields(parseStartRequest({ vcs_url: '' }))).toEqual(['vcs_url:missing_field']);
    expect(fields(parseStartRequest({ vcs_url: 'file:///etc/passwd', vcs: 'cvs', tfvc_project: 3 }))).toEqual(
      ['vcs_url:invalid', 'vcs:invalid', 'tfvc_project:invalid'],
    );
    expect(fields(parseStartRequest({ vcs_url: `https://example.com/${'a'.repeat(2048)}` }))).toEqual([
      'vcs_url:invalid',
    ]);
    expect(fields(parseStartRequest({ vcs_url: 42 }))).toEqual(['vcs_url:invalid']);
  });
});

describe('mapping an author', () => {
  it('accepts an e-mail and a name Git can write', () => {
    expect(authorChangeErrors({ email: 'ada@example.com', name: 'Ada Lovelace', remote_id: 'x' })).toEqual(
      [],
    );
    expect(authorChangeErrors(undefined)).toEqual([]);
  });

  it('refuses other keys, e-mails Git refuses and blank or multi-line names', () => {
    expect(fields(authorChangeErrors({ login: 'ada', email: 'ada at example', name: ' ' }))).toEqual([
      'login:invalid',
      'email:invalid',
      'name:invalid',
    ]);
    expect(fields(authorChangeErrors({ email: 7, name: 'Ada\nLovelace' }))).toEqual([
      'email:invalid',
      'name:invalid',
    ]);
  });

  it('by Git’s rules for the author line', () => {
    expect(isValidAuthorEmail('a@b')).toBe(true);
    expect(['a@@b', '<a@b>', 'a b@c', 'ab'].some(isValidAuthorEmail)).toBe(false);
    expect(isValidAuthorName('Ada')).toBe(true);
    expect(['', '  ', 'Ada <x>', 'Ada\rL'].some(isValidAuthorName)).toBe(false);
  });
});

describe('the LFS choice', () => {
  it('is opt_in or opt_out, and must be sent', () => {
    expect(parseLfsChoice({ use_lfs: 'opt_in' })).toBe('opt_in');
    expect(parseLfsChoice({ use_lfs: 'opt_out' })).toBe('opt_out');
    expect(fields(parseLfsChoice({}))).toEqual(['use_lfs:missing_field']);
    expect(fields(parseLfsChoice({ use_lfs: true }))).toEqual(['use_lfs:invalid']);
  });
});
