import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corrupted, firstHalf, gzip, gzipBomb, tarOf } from './dump-fixtures';
import { BadBackupError, entryPath, maxInflatedBytesFrom, unpackDump } from './verified-dump';

const work = mkdtempSync(path.join(tmpdir(), 'ferry-dump-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
function fileOf(bytes: Buffer): string {
  const file = path.join(work, `dump-${(n += 1)}.tgz`);
  writeFileSync(file, bytes);
  return file;
}
const folder = () => path.join(work, `out-${(n += 1)}`);

/** A dump shaped like PGlite's: names under a leading slash, folders and files, a page of data. */
async function goodTar(): Promise<Buffer> {
  const page = Buffer.alloc(8192, 7);
  return tarOf([
    { header: { name: '/PG_VERSION', size: 3, type: 'file' }, body: Buffer.from('18\n') },
    { header: { name: '/base', type: 'directory' } },
    { header: { name: '/base/1', type: 'directory' } },
    { header: { name: '/base/1/112', size: page.byteLength, type: 'file' }, body: page },
  ]);
}

describe('unpacking a backup whole or not at all', () => {
  it('unpacks a good gzipped dump and a plain tar, file for file', async () => {
    for (const bytes of [gzip(await goodTar()), await goodTar()]) {
      const into = folder();
      const { files } = await unpackDump(fileOf(bytes), into);
      expect(files).toBe(2);
      expect(readFileSync(path.join(into, 'PG_VERSION'), 'utf8')).toBe('18\n');
      expect(readFileSync(path.join(into, 'base/1/112'))).toEqual(Buffer.alloc(8192, 7));
    }
  });

  it.each([
    ['a gzip cut in half', async () => firstHalf(gzip(await goodTar())), /ends early/],
    ['a corrupt gzip', async () => corrupted(gzip(await goodTar())), /not usable/],
    ['a plain tar cut in half', async () => firstHalf(await goodTar()), /not usable/],
    // Cut exactly after an entry: every header is fine, only the end-of-archive blocks are missing.
    ['a plain tar cut at an entry', async () => (await goodTar()).subarray(0, 3 * 512), /no end/],
    [
      'a name leading outside',
      async () =>
        gzip(
          await tarOf([{ header: { name: '../escaped', size: 2, type: 'file' }, body: Buffer.from('hi') }]),
        ),
      /leads outside/,
    ],
    [
      'a symbolic link',
      async () =>
        gzip(await tarOf([{ header: { name: '/PG_VERSION', type: 'symlink', linkname: '/etc/passwd' } }])),
      /symlink entry/,
    ],
    ['not a tar at all', () => Promise.resolve(gzip(Buffer.from('hello '.repeat(200)))), /not usable/],
  ])('refuses %s with BadBackupError', async (_what, make, message) => {
    const into = folder();
    const refused = await unpackDump(fileOf(await make()), into).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadBackupError);
    expect((refused as Error).message).toMatch(message);
    expect(existsSync(path.join(work, 'escaped'))).toBe(false);
  });

  it('stops a gzip bomb at the cap, with memory flat', async () => {
    const bomb = await gzipBomb(256 * 1024 ** 2);
    expect(bomb.byteLength).toBeLessThan(1024 ** 2);
    const before = process.memoryUsage().rss;
    const refused = await unpackDump(fileOf(bomb), folder(), 32 * 1024 ** 2).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(/more than 33554432 bytes \(RESTORE_MAX_INFLATED_BYTES\)/);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 ** 2);
  });

  it('keeps names inside the folder', () => {
    expect(entryPath('/base/1/112')).toBe('base/1/112');
    expect(entryPath('./PG_VERSION')).toBe('PG_VERSION');
    expect(entryPath('base/../../x')).toMatchObject({ refused: /outside/ });
    expect(entryPath('/..')).toMatchObject({ refused: /outside/ });
  });

  it('reads RESTORE_MAX_INFLATED_BYTES', () => {
    expect(maxInflatedBytesFrom({})).toBe(2 * 1024 ** 3);
    expect(maxInflatedBytesFrom({ RESTORE_MAX_INFLATED_BYTES: '10485760' })).toBe(10485760);
    expect(() => maxInflatedBytesFrom({ RESTORE_MAX_INFLATED_BYTES: 'lots' })).toThrow(/whole number/);
    expect(() => maxInflatedBytesFrom({ RESTORE_MAX_INFLATED_BYTES: '12' })).toThrow(/at least/);
  });
});
