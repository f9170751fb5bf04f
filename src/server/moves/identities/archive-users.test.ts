import { describe, expect, it } from 'vitest';
import type { ArchiveUser } from '@/contracts/identities';
import { ArchiveIdentityError } from './archive-identity-error';
import { mergeArchiveUsers, parseArchiveUsers } from './archive-users';

const file = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('parseArchiveUsers', () => {
  it('reads GitHub’s user records: login, name, e-mails with the primary first', () => {
    const users = parseArchiveUsers(
      'users_000001.json',
      file([
        {
          type: 'user',
          url: 'https://ghes.example.com/hubot',
          login: 'hubot',
          name: 'Hubot',
          emails: [
            { address: 'old@example.com', primary: false },
            { address: 'hubot@example.com', primary: true, verified: true },
          ],
        },
        { type: 'user', login: 'ghost', name: null, emails: [] },
      ]),
    );
    expect(users).toEqual([
      { login: 'hubot', name: 'Hubot', emails: ['hubot@example.com', 'old@example.com'] },
      { login: 'ghost', name: null, emails: [] },
    ]);
  });

  it('skips what is no user or holds control characters, and keeps e-mails bounded', () => {
    const users = parseArchiveUsers(
      'users_000002.json',
      file([
        { type: 'organization', login: 'octo-org' },
        { type: 'user', login: 'nul\u0000login' },
        { type: 'user', login: 'x'.repeat(101) },
        { type: 'user', login: 42 },
        'not a record',
        null,
        {
          type: 'user',
          login: 'many',
          name: 'a\u0000b',
          emails: [
            ...Array.from({ length: 30 }, (_, i) => ({ address: `m${i}@example.com` })),
            { address: 'bad\u0000@example.com' },
          ],
          email: 'not-an-email',
        },
      ]),
    );
    expect(users).toHaveLength(1);
    expect(users[0]?.login).toBe('many');
    expect(users[0]?.name).toBeNull();
    expect(users[0]?.emails).toHaveLength(10);
  });

  it('refuses a file that is not JSON, not an array, or NUL bytes, by its name', () => {
    expect(() => parseArchiveUsers('users_000001.json', Buffer.from('{"a":'))).toThrow(ArchiveIdentityError);
    expect(() => parseArchiveUsers('users_000001.json', Buffer.from([0, 0, 0]))).toThrow(
      'users_000001.json is not valid JSON.',
    );
    expect(() => parseArchiveUsers('users_000003.json', file({ login: 'x' }))).toThrow(
      'users_000003.json is not a JSON array.',
    );
  });
});

describe('mergeArchiveUsers', () => {
  it('merges by login, case aside, and stops at the bound', () => {
    const into = new Map<string, ArchiveUser>();
    expect(mergeArchiveUsers(into, [{ login: 'Hubot', name: null, emails: ['a@example.com'] }], 2)).toBe(
      true,
    );
    mergeArchiveUsers(
      into,
      [
        { login: 'hubot', name: 'Hubot', emails: ['A@example.com', 'b@example.com'] },
        { login: 'mona', name: null, emails: [] },
      ],
      2,
    );
    expect([...into.values()]).toEqual([
      { login: 'Hubot', name: 'Hubot', emails: ['a@example.com', 'b@example.com'] },
      { login: 'mona', name: null, emails: [] },
    ]);
    expect(mergeArchiveUsers(into, [{ login: 'third', name: null, emails: [] }], 2)).toBe(false);
  });
});
