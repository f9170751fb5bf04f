import * as fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { buildArchive, type ArchiveEntry } from '@/simulator/github/migrations/archive';
import { ArchiveIdentityError } from './archive-identity-error';
import { readArchiveIdentities } from './archive-identities';

/** The identity map's reading of an archive: users, commit authors of every branch; hostile archives refused. */
const dir = fs.mkdtempSync(join(tmpdir(), 'archive-identities-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

async function filesUnder(root: string, prefix = ''): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for (const entry of await readdir(join(root, prefix))) {
    const relative = prefix ? `${prefix}/${entry}` : entry;
    const full = join(root, relative);
    if ((await stat(full)).isDirectory()) out.push(...(await filesUnder(root, relative)));
    else out.push([relative, await readFile(full)]);
  }
  return out;
}

/** A bare repository whose `main` has commits by `mainAuthors` and whose `topic` adds one by `topicAuthor`. */
async function repository(
  mainAuthors: { name: string; email: string }[],
  topicAuthor?: { name: string; email: string },
) {
  const work = await mkdtemp(join(tmpdir(), 'ferry-identities-repo-'));
  try {
    await git.init({ fs, dir: work, defaultBranch: 'main' });
    const commit = async (author: { name: string; email: string }, i: number) => {
      fs.writeFileSync(join(work, 'README.md'), `v${i}\n`);
      await git.add({ fs, dir: work, filepath: 'README.md' });
      await git.commit({
        fs,
        dir: work,
        message: `c${i}`,
        author: { ...author, timestamp: 1_700_000_000 + i, timezoneOffset: 0 },
      });
    };
    for (const [i, author] of mainAuthors.entries()) await commit(author, i);
    if (topicAuthor) {
      await git.branch({ fs, dir: work, ref: 'topic', checkout: true });
      await commit(topicAuthor, 99);
      await git.checkout({ fs, dir: work, ref: 'main' });
    }
    return (await filesUnder(join(work, '.git'))).map(([name, body]) => ({
      name: `repositories/octo-org/hello-world.git/${name}`,
      body,
    }));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function archiveOf(name: string, entries: ArchiveEntry[]) {
  const file = join(dir, name);
  await writeFile(file, await buildArchive(entries, new Date(Date.UTC(2026, 0, 1))));
  return file;
}

const mona = { name: 'Mona Lisa', email: 'mona@example.com' };
const hubot = { name: 'Hubot', email: 'hubot@example.com' };

describe('readArchiveIdentities', () => {
  it('reads the users file and the distinct authors of every branch', async () => {
    const file = await archiveOf('good.tar.gz', [
      { name: 'schema.json', body: json({ version: '1.0.1' }) },
      {
        name: 'users_000001.json',
        body: json([
          {
            type: 'user',
            login: 'hubot',
            name: 'Hubot',
            emails: [{ address: 'hubot@example.com', primary: true }],
          },
          { type: 'user', login: 'mona', name: null, emails: [] },
        ]),
      },
      ...(await repository([mona, hubot, mona, { ...hubot, email: 'HUBOT@example.com' }], {
        name: 'Topic',
        email: 'topic@example.com',
      })),
    ]);
    const read = await readArchiveIdentities(file, { scratchDir: dir });
    expect(read.users).toEqual([
      { login: 'hubot', name: 'Hubot', emails: ['hubot@example.com'] },
      { login: 'mona', name: null, emails: [] },
    ]);
    expect(read.authors.map((a) => `${a.name} <${a.email.toLowerCase()}>`).sort()).toEqual([
      'Hubot <hubot@example.com>',
      'Mona Lisa <mona@example.com>',
      'Topic <topic@example.com>',
    ]);
    expect(read.authors.every((a) => a.from === 'archive')).toBe(true);
    expect(read.note).toBeUndefined();
    // The scratch folder is gone.
    expect((await readdir(dir)).filter((name) => name.startsWith('ferry-validation-'))).toEqual([]);
  });

  it('keeps what it found when a bound cuts the history, and says so', async () => {
    const file = await archiveOf('long.tar.gz', [
      ...(await repository([mona, hubot, { name: 'Third', email: 'third@example.com' }])),
    ]);
    const read = await readArchiveIdentities(file, { scratchDir: dir, bounds: { maxCommits: 2 } });
    expect(read.authors.length).toBeLessThan(3);
    expect(read.note).toContain('Only part of octo-org/hello-world’s history');
  });

  it('refuses hostile archives per archive with why, and leaves nothing behind', async () => {
    const cases: [
      string,
      Buffer,
      Partial<Parameters<typeof readArchiveIdentities>[1] & object>['bounds'],
      RegExp,
    ][] = [
      ['not-gzip.tar.gz', Buffer.from('not a gzip at all'), undefined, /Not a readable gzip tar/],
      ['nul.tar.gz', Buffer.alloc(4096), undefined, /Not a readable gzip tar/],
      [
        'bomb.tar.gz',
        gzipSync(Buffer.alloc(4 * 1024 * 1024)),
        { maxInflatedBytes: 1024 * 1024 },
        /inflates past 1048576 bytes/,
      ],
      [
        'huge-users.tar.gz',
        await buildArchive([{ name: 'users_000001.json', body: Buffer.alloc(2048, 0x20) }], new Date(0)),
        { maxUsersFileBytes: 1024 },
        /users_000001\.json is larger than 1024 bytes/,
      ],
      [
        'not-json.tar.gz',
        await buildArchive([{ name: 'users_000001.json', body: Buffer.from('[{"login": "x"') }], new Date(0)),
        undefined,
        /^users_000001\.json is not valid JSON\.$/,
      ],
      [
        'nul-users.tar.gz',
        await buildArchive([{ name: 'users_000002.json', body: Buffer.alloc(64) }], new Date(0)),
        undefined,
        /^users_000002\.json is not valid JSON\.$/,
      ],
    ];
    for (const [name, body, bounds, why] of cases) {
      const file = join(dir, name);
      await writeFile(file, body);
      const refused = await readArchiveIdentities(file, {
        scratchDir: dir,
        ...(bounds ? { bounds } : {}),
      }).catch((error: unknown) => error);
      expect(refused, name).toBeInstanceOf(ArchiveIdentityError);
      expect((refused as Error).message, name).toMatch(why);
    }
    await expect(readArchiveIdentities(join(dir, 'gone.tar.gz'))).rejects.toThrow('no longer on disk');
    await expect(readArchiveIdentities(dir)).rejects.toThrow('no longer on disk');
    expect((await readdir(dir)).filter((name) => name.startsWith('ferry-validation-'))).toEqual([]);
  });
});
