import { describe, expect, it } from 'vitest';
import { createImportAuthorReader, parseImportAuthors } from './import-authors';

const authors = [
  { id: 1, remote_id: 'ada', remote_name: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 2, remote_id: 'hubot', remote_name: 'hubot', name: 'hubot', email: 'hubot@example.com' },
  { id: 3, remote_id: 'x', remote_name: 'x', name: '', email: '' },
  { id: 4, remote_id: 'nul', remote_name: 'nul', name: 'a\u0000b', email: 'nul@example.com' },
  'not an author',
];

describe('parseImportAuthors', () => {
  it('keeps each author as mapped, with the name the import found when it differs', () => {
    expect(parseImportAuthors(authors, 'octo-org/hello-world', 100)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        from: 'import',
        repository: 'octo-org/hello-world',
        remoteName: 'ada',
      },
      { name: 'hubot', email: 'hubot@example.com', from: 'import', repository: 'octo-org/hello-world' },
      // A name holding NUL is dropped; the e-mail stays.
      {
        name: '',
        email: 'nul@example.com',
        from: 'import',
        repository: 'octo-org/hello-world',
        remoteName: 'nul',
      },
    ]);
    expect(parseImportAuthors(authors, 'o/r', 1)).toHaveLength(1);
    expect(parseImportAuthors({ message: 'Not Found' }, 'o/r', 100)).toBeUndefined();
  });
});

describe('the import author reader', () => {
  it('reads each recent import once per five minutes; a refusal or a bad answer is a note of its own', async () => {
    const asked: string[] = [];
    let clock = 0;
    const reader = createImportAuthorReader({
      now: () => clock,
      get: (path) => {
        asked.push(path);
        if (path.includes('gone'))
          return Promise.resolve(new Response('{"message":"Not Found"}', { status: 404 }));
        if (path.includes('odd')) return Promise.resolve(new Response('\u0000not json', { status: 200 }));
        if (path.includes('down')) return Promise.reject(new Error('socket hang up'));
        return Promise.resolve(Response.json(authors.slice(0, 2)));
      },
    });
    const names = ['octo-org/hello-world', 'octo-org/gone', 'octo-org/odd', 'octo-org/down'];
    const first = await reader.people(names);
    expect(first.authors.map((a) => a.email)).toEqual(['ada@example.com', 'hubot@example.com']);
    expect(first.imports).toEqual([
      { repository: 'octo-org/hello-world', state: 'read' },
      { repository: 'octo-org/gone', state: 'refused', note: 'GitHub answered 404 for its authors.' },
      { repository: 'octo-org/odd', state: 'refused', note: 'GitHub’s answer was not a list of authors.' },
      {
        repository: 'octo-org/down',
        state: 'refused',
        note: 'Its authors could not be read: socket hang up',
      },
    ]);
    expect(asked[0]).toBe('repos/octo-org/hello-world/import/authors');
    await reader.people(names);
    expect(asked).toHaveLength(4);
    clock += 5 * 60_000;
    await reader.people(names.slice(0, 1));
    expect(asked).toHaveLength(5);
  });
});
