import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGraphqlAnswer } from '@/contracts/github/gei';
import { tarStream } from '@/server/waves/tar';
import { verifyArchive } from '@/server/waves/verifier';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator } from '@/simulator/simulator';
import { readCountAnswer } from './count-answer';
import { ArchiveCountError } from './archive-count-error';
import { countArchive, repositoryKey } from './archive-counts';
import { countQuery } from './count-query';

/**
 * The archive column: a verified archive exported by the simulated GHES counts what the source's GraphQL counts
 * (Git data and records alike); hostile archives are refused within their bounds, and nothing is left behind.
 */
const ORIGIN = 'http://sim.test';
const REPOS = ['hello-world', 'octo-api', 'mobile-ios'];
const scratch = fs.mkdtempSync(join(tmpdir(), 'archive-counts-test-'));
const sim = createSimulator({ speed: 0 });
const headers = { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' };
let archive: string;

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

beforeAll(async () => {
  const created = await sim.fetch(
    new Request(`${ORIGIN}/api/v3/orgs/octo-org/migrations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ repositories: REPOS }),
    }),
  );
  const { id } = (await created.json()) as { id: number };
  sim.advance(3_600);
  const link = await sim.fetch(
    new Request(`${ORIGIN}/api/v3/orgs/octo-org/migrations/${id}/archive`, { headers, redirect: 'manual' }),
  );
  const stored = await sim.fetch(new Request(link.headers.get('location') ?? ''));
  archive = join(scratch, 'octo-org.tar.gz');
  fs.writeFileSync(archive, Buffer.from(await stored.arrayBuffer()));
  expect((await verifyArchive(archive, REPOS)).ok).toBe(true);
});

/** A tar.gz of the given entries (name → body, or a folder / a link). */
async function tarGz(entries: [string, string | Buffer | { type: 'directory' | 'symlink' }][]) {
  const pack = tarStream.pack();
  for (const [name, body] of entries) {
    if (typeof body === 'object' && !Buffer.isBuffer(body))
      pack.entry({ name, type: body.type, ...(body.type === 'symlink' ? { linkname: '/etc/passwd' } : {}) });
    else pack.entry({ name }, body);
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let files = 0;
const onDisk = (bytes: Buffer) => {
  const path = join(scratch, `archive-${(files += 1)}.tar.gz`);
  fs.writeFileSync(path, bytes);
  return path;
};
const leftovers = () => fs.readdirSync(scratch).filter((name) => name.startsWith('ferry-validation-'));

describe('counting a verified archive', () => {
  it('counts what the source counts, for each repository of the archive', async () => {
    const counted = await countArchive(archive, { scratchDir: scratch });
    expect([...counted.keys()].sort()).toEqual(REPOS.map((name) => repositoryKey('octo-org', name)).sort());
    const query = countQuery('octo-org', REPOS, { protectedBranches: true });
    const response = await sim.fetch(
      new Request(`${ORIGIN}/api/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: query.query, variables: query.variables }),
      }),
    );
    const source = readCountAnswer(parseGraphqlAnswer(await response.json()), query);
    for (const name of REPOS) {
      const mine = counted.get(repositoryKey('octo-org', name));
      expect(mine, name).toEqual(source.counts.get(name));
      expect(mine?.commits, name).toBeGreaterThan(0);
      expect(mine?.issues, name).toBeGreaterThan(0);
    }
    expect(leftovers()).toEqual([]);
  });

  it('leaves the history uncounted when a pack is past its bound, and counts the rest', async () => {
    const whole = await countArchive(archive, { scratchDir: scratch });
    const bounded = await countArchive(archive, { scratchDir: scratch, bounds: { maxPackBytes: 1 } });
    for (const [key, counts] of whole) {
      const { commits, ...rest } = counts;
      expect(commits, key).toBeGreaterThan(0);
      expect(bounded.get(key), key).toEqual(rest);
    }
  });

  it('refuses what is not a gzip tar, and a truncated one', async () => {
    await expect(
      countArchive(onDisk(Buffer.from('not an archive')), { scratchDir: scratch }),
    ).rejects.toThrow(ArchiveCountError);
    const whole = fs.readFileSync(archive);
    await expect(
      countArchive(onDisk(whole.subarray(0, Math.floor(whole.length / 2))), { scratchDir: scratch }),
    ).rejects.toThrow(/Not a readable gzip tar/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a bomb: inflating past the bound, too many entries, a huge record file, an endless history', async () => {
    // 64 MiB of zeros is ~64 KB compressed; a 1 MiB bound stops zlib long before.
    const bomb = onDisk(gzipSync(await tarGz([['zeros.bin', Buffer.alloc(64 * 1024 * 1024)]])));
    expect(fs.statSync(bomb).size).toBeLessThan(200_000);
    await expect(
      countArchive(bomb, { scratchDir: scratch, bounds: { maxInflatedBytes: 1024 * 1024 } }),
    ).rejects.toThrow(/inflates past 1048576 bytes/);
    const many = onDisk(
      gzipSync(await tarGz(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x'] as [string, string]))),
    );
    await expect(countArchive(many, { scratchDir: scratch, bounds: { maxEntries: 100 } })).rejects.toThrow(
      /more than 100 entries/,
    );
    await expect(countArchive(many, { scratchDir: scratch, bounds: { maxEntries: 101 } })).resolves.toEqual(
      new Map(),
    );
    const huge = onDisk(gzipSync(await tarGz([['issues_000001.json', `[${'{},'.repeat(2_000)}{}]`]])));
    await expect(
      countArchive(huge, { scratchDir: scratch, bounds: { maxRecordFileBytes: 1_000 } }),
    ).rejects.toThrow(/issues_000001.json is larger than 1000 bytes/);
    await expect(countArchive(archive, { scratchDir: scratch, bounds: { maxCommits: 1 } })).rejects.toThrow(
      /more than 1 commits/,
    );
    expect(leftovers()).toEqual([]);
  });

  it('never writes outside its scratch folder, and refuses records that are not records', async () => {
    const outside = join(scratch, 'escaped');
    const hostile = onDisk(
      gzipSync(
        await tarGz([
          ['repositories/o/r.git/../../../../escaped', 'x'],
          ['repositories/o/r.git/link', { type: 'symlink' }],
          ['repositories/../../escaped.git/HEAD', 'x'],
        ]),
      ),
    );
    // Nothing of it is a repository's own file: no repository counted, nothing written outside.
    await expect(countArchive(hostile, { scratchDir: scratch })).resolves.toEqual(new Map());
    expect(fs.existsSync(outside)).toBe(false);
    const broken = onDisk(
      gzipSync(
        await tarGz([
          ['repositories/o/r.git/HEAD', 'ref: refs/heads/main\n'],
          ['repositories/o/r.git/refs/heads/main', `${'f'.repeat(40)}\n`],
        ]),
      ),
    );
    await expect(countArchive(broken, { scratchDir: scratch })).rejects.toThrow(
      /The Git data of o\/r cannot be read/,
    );
    const notArray = onDisk(gzipSync(await tarGz([['releases_000001.json', '{"a":1}']])));
    await expect(countArchive(notArray, { scratchDir: scratch })).rejects.toThrow(/not a JSON array/);
    expect(leftovers()).toEqual([]);
  });
});
