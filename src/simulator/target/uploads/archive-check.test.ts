import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NOT_GZIP, inspectArchive } from './archive-check';
import { gzipBomb, migrationArchive, tarGz } from './test-archives';

describe('inspectArchive', () => {
  it('accepts a gzip tar holding schema.json', async () => {
    expect(await inspectArchive(await migrationArchive())).toBeUndefined();
  });

  it('accepts schema.json behind a few other entries and a ./ prefix', async () => {
    const bytes = await tarGz([
      { name: 'repositories/a.git/HEAD', body: 'ref: refs/heads/main\n' },
      { name: './schema.json', body: '{"version":"1.0.1"}' },
    ]);
    expect(await inspectArchive(bytes)).toBeUndefined();
  });

  it('flags bytes that are not gzip', async () => {
    expect(await inspectArchive(Buffer.from('PK\u0003\u0004 a zip file'))).toBe(NOT_GZIP);
    expect(await inspectArchive(Buffer.alloc(0))).toBe(NOT_GZIP);
  });

  it('flags gzip that is not a tar, corrupt gzip, and a tar without schema.json', async () => {
    expect(
      await inspectArchive(gzipSync(Buffer.from('just some text, not a tar archive'.repeat(40)))),
    ).toMatch(/not a tar archive/);
    const truncated = (await migrationArchive('x'.repeat(5000))).subarray(0, 40);
    expect(await inspectArchive(truncated)).toMatch(/corrupt|not a tar|no schema/);
    expect(await inspectArchive(await tarGz([{ name: 'README.md', body: 'hello' }]))).toMatch(
      /no schema\.json/,
    );
  });

  it('flags a schema.json that is not a migration schema', async () => {
    const bytes = await tarGz([{ name: 'schema.json', body: '<html>nope</html>' }]);
    expect(await inspectArchive(bytes)).toMatch(/not a migration schema/);
  });

  it('stops after the first entries when schema.json is not among them', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `file-${i}.txt`, body: 'x' }));
    const bytes = await tarGz([...many, { name: 'schema.json', body: '{"version":"1.0.1"}' }]);
    expect(await inspectArchive(bytes, { maxInflatedBytes: 1024 * 1024, maxEntries: 5 })).toMatch(
      /first 5 entries/,
    );
  });

  it('stops a gzip bomb (1 GiB inflated from 1 MiB) within the inflate bound', async () => {
    const bomb = await gzipBomb(1);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const started = performance.now();
    expect(await inspectArchive(bomb)).toMatch(/No schema\.json in the first 67108864 bytes/);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
