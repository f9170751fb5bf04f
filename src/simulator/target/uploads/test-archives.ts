import { gzipSync } from 'node:zlib';
import { tarStream } from '@/simulator/github/migrations/tar';

/** Test material: tar.gz files built in memory, shaped like (or deliberately unlike) a migration archive. */
export async function tarGz(entries: { name: string; body: string | Buffer }[]): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const done = new Promise<void>((resolve, reject) => {
    pack.on('end', () => resolve());
    pack.on('error', reject);
  });
  for (const entry of entries) pack.entry({ name: entry.name }, entry.body);
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/** A small GitHub migration archive: `schema.json` first, then one repository record. */
export function migrationArchive(padding = ''): Promise<Buffer> {
  return tarGz([
    { name: 'schema.json', body: JSON.stringify({ version: '1.0.1' }) },
    { name: 'repositories_000001.json', body: JSON.stringify([{ name: 'hello', padding }]) },
  ]);
}

/** The 512-byte tar header of a file entry of `size` bytes (its content left out). */
function tarHeader(name: string, size: number): Promise<Buffer> {
  const pack = tarStream.pack();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    pack.on('data', (chunk: unknown) => {
      chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (bytes.length >= 512) {
        pack.destroy();
        resolve(bytes.subarray(0, 512));
      }
    });
    pack.entry({ name, size });
  });
}

/**
 * A gzip bomb: one tar entry declaring `gib` GiB of zeros, as concatenated gzip members of 1 MiB each
 * (about 1 KiB compressed per MiB inflated).
 */
export async function gzipBomb(gib: number): Promise<Buffer> {
  const header = await tarHeader('big.bin', gib * 1024 ** 3);
  const mib = gzipSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat([gzipSync(header), ...Array.from({ length: gib * 1024 }, () => mib)]);
}
