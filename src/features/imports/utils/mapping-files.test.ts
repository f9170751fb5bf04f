import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseAuthorsCsv,
  parseAuthorsFile,
  parseMappingFile,
  writeAuthorsCsv,
  writeAuthorsFile,
  type MappingSource,
} from './mapping-files';
import { previewMapping } from './mapping-preview';

const username = fc.stringMatching(/^[a-z][a-z0-9._@-]{0,20}$/);
const personName = fc
  .stringMatching(/^[^<>\r\n=]{1,30}$/)
  .map((name) => name.trim())
  .filter((name) => name.length > 0);
const email = fc.emailAddress();
const source: fc.Arbitrary<MappingSource> = fc.record({
  remoteId: fc.string({ maxLength: 40 }),
  remoteName: username,
  name: personName,
  email,
});

describe('git-svn authors file', () => {
  it('parses user = Name <email>, skipping comments and blank lines, reporting bad lines', () => {
    const parsed = parseAuthorsFile(
      ['# authors', '', 'jdoe = Jane Doe <jane@example.com>', '  bob=Bob <bob@x.io>  ', 'oops no email'].join(
        '\n',
      ),
    );
    expect(parsed.entries).toEqual([
      { line: 3, remoteName: 'jdoe', name: 'Jane Doe', email: 'jane@example.com' },
      { line: 4, remoteName: 'bob', name: 'Bob', email: 'bob@x.io' },
    ]);
    expect(parsed.invalid).toEqual([
      { line: 5, text: 'oops no email', reason: 'Expected “user = Name <email>”.' },
    ]);
  });

  it('round-trips what it writes', () => {
    fc.assert(
      fc.property(fc.array(source, { maxLength: 20 }), (authors) => {
        const parsed = parseAuthorsFile(writeAuthorsFile(authors));
        expect(parsed.invalid).toEqual([]);
        expect(
          parsed.entries.map(({ remoteName, name, email: mail }) => ({ remoteName, name, email: mail })),
        ).toEqual(authors.map(({ remoteName, name, email: mail }) => ({ remoteName, name, email: mail })));
      }),
    );
  });
});

describe('CSV', () => {
  it('round-trips through papaparse, with commas, quotes and unicode in names', () => {
    const tricky: MappingSource[] = [
      { remoteId: 'a@uuid', remoteName: 'a', name: 'Doe, Jane "JD"', email: 'jane@example.com' },
      { remoteId: 'b@uuid', remoteName: 'b', name: 'Zoë Ångström', email: 'zoe@example.org' },
    ];
    expect(parseAuthorsCsv(writeAuthorsCsv(tricky)).entries).toEqual([
      { line: 2, ...tricky[0] },
      { line: 3, ...tricky[1] },
    ]);
    fc.assert(
      fc.property(fc.array(source, { maxLength: 20 }), (authors) => {
        const parsed = parseAuthorsCsv(writeAuthorsCsv(authors));
        expect(parsed.invalid).toEqual([]);
        expect(
          parsed.entries.map(({ remoteName, name, email: mail }) => ({ remoteName, name, email: mail })),
        ).toEqual(authors.map(({ remoteName, name, email: mail }) => ({ remoteName, name, email: mail })));
      }),
    );
  });

  it('needs a key column, and reports rows without a key', () => {
    expect(parseAuthorsCsv('name,email\nA,a@x.io\n').invalid[0]?.reason).toMatch(/remote_id or remote_name/);
    const parsed = parseAuthorsCsv('Remote Name,Name,Email\n,Nobody,n@x.io\nbob,Bob,bob@x.io\n');
    expect(parsed.entries).toEqual([{ line: 3, remoteName: 'bob', name: 'Bob', email: 'bob@x.io' }]);
    expect(parsed.invalid).toHaveLength(1);
  });

  it('tells the formats apart', () => {
    expect(parseMappingFile('remote_name,name,email\n').format).toBe('csv');
    expect(parseMappingFile('jdoe = J <j@x.io>\n').format).toBe('authors');
    expect(parseMappingFile('anything', 'map.CSV').format).toBe('csv');
  });
});

describe('mapping preview', () => {
  const authors = [
    { id: 1, remoteId: 'jdoe@u', remoteName: 'jdoe', name: 'jdoe', email: 'jdoe@u' },
    { id: 2, remoteId: 'bob@u', remoteName: 'bob', name: 'Bob', email: 'bob@x.io' },
  ];
  it('lists matched, unmatched and invalid entries before anything is applied', () => {
    const preview = previewMapping(
      parseAuthorsFile(
        'jdoe = Jane <jane@x.io>\nbob = Bob <bob@x.io>\nghost = G <g@x.io>\njdoe = Bad <no-at>\n???',
      ),
      authors,
    );
    expect(preview.matched.map((match) => [match.author.id, match.unchanged])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(preview.unmatched.map((entry) => entry.remoteName)).toEqual(['ghost']);
    expect(preview.invalid.map((line) => line.line)).toEqual([4, 5]);
  });

  it('matches CSV rows by remote_id first', () => {
    const preview = previewMapping(
      parseAuthorsCsv('remote_id,remote_name,name,email\nbob@u,jdoe,B,b@x.io\n'),
      authors,
    );
    expect(preview.matched[0]?.author.id).toBe(2);
  });
});
