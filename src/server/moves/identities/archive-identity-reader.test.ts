import { describe, expect, it } from 'vitest';
import { ArchiveIdentityError } from './archive-identity-error';
import type { ArchiveIdentities } from './archive-identities';
import { createArchiveIdentityReader } from './archive-identity-reader';

const source = (name: string, file = `/archives/${name}.tar.gz`) => ({
  repository: `octo-org/${name}`,
  file,
  sha256: `sha-${name}`,
});
const people = (login: string, email: string): ArchiveIdentities => ({
  users: [{ login, name: null, emails: [email] }],
  authors: [{ name: login, email, from: 'archive' }],
});

describe('the archive people of a target', () => {
  it('reads each archive once, merges its people, and notes a refused one per archive', async () => {
    const reads: string[] = [];
    const reader = createArchiveIdentityReader({
      archiveDir: '/archives',
      read: (file) => {
        reads.push(file);
        if (file.includes('bomb'))
          return Promise.reject(new ArchiveIdentityError('The archive inflates past 1024 bytes.'));
        if (file.includes('odd')) return Promise.reject(new TypeError('something else'));
        return Promise.resolve(people('hubot', 'hubot@example.com'));
      },
    });
    const sources = [source('a'), source('b'), source('bomb'), source('odd'), source('x', '/etc/passwd')];
    const first = await reader.people(sources);
    expect(first.users).toEqual([{ login: 'hubot', name: null, emails: ['hubot@example.com'] }]);
    expect(first.authors).toHaveLength(1);
    expect(first.archives).toEqual([
      { repository: 'octo-org/a', state: 'read' },
      { repository: 'octo-org/b', state: 'read' },
      { repository: 'octo-org/bomb', state: 'refused', note: 'The archive inflates past 1024 bytes.' },
      { repository: 'octo-org/odd', state: 'refused', note: 'The archive cannot be read: something else' },
      { repository: 'octo-org/x', state: 'refused', note: 'The archive is outside ARCHIVE_DIR: not read.' },
    ]);
    await reader.people(sources);
    expect(reads).toHaveLength(4);
  });

  it('answers within its wait: a slow archive is `reading`, then read on a later ask', async () => {
    let finish: (value: ArchiveIdentities) => void = () => undefined;
    const reader = createArchiveIdentityReader({
      waitMs: 20,
      read: () => new Promise<ArchiveIdentities>((done) => (finish = done)),
    });
    const started = Date.now();
    const first = await reader.people([source('slow')]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(first.archives).toEqual([{ repository: 'octo-org/slow', state: 'reading' }]);
    finish(people('mona', 'mona@example.com'));
    const later = await reader.people([source('slow')]);
    expect(later.archives[0]?.state).toBe('read');
    expect(later.users[0]?.login).toBe('mona');
  });

  it('cuts each kind at its row bound and says so', async () => {
    const reader = createArchiveIdentityReader({
      maxRows: 1,
      read: (file) =>
        Promise.resolve(
          file.includes('/a.') ? people('ada', 'a@example.com') : people('bob', 'b@example.com'),
        ),
    });
    const answer = await reader.people([source('a'), source('b')]);
    expect(answer.users).toHaveLength(1);
    expect(answer.authors).toHaveLength(1);
    expect(answer.cut).toContain('first 1');
  });

  it('keeps at most its row budget of read archives: past it the oldest is read again when asked', async () => {
    const reads: string[] = [];
    const reader = createArchiveIdentityReader({
      maxKeptRows: 4,
      read: (file) => {
        reads.push(file);
        return Promise.resolve(people(file, `${file.length}@example.com`));
      },
    });
    await reader.people([source('a'), source('b')]); // 2 rows each: 4 kept
    await reader.people([source('a'), source('b')]);
    expect(reads).toHaveLength(2);
    await reader.people([source('c')]); // 6 rows: a goes
    await reader.people([source('b'), source('c')]);
    expect(reads).toHaveLength(3);
    await reader.people([source('a')]);
    expect(reads).toHaveLength(4);
  });
});
