import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip, gzipSync } from 'node:zlib';
import type { Header } from 'tar-stream';
import { tarStream } from '../waves/tar';

/** Hostile and broken backups for the restore's tests, built in memory (tests only). */

export interface Entry {
  header: Partial<Header> & Pick<Header, 'name'>;
  body?: Buffer;
}

/** A tar of `entries`, ended with its two zero blocks as any tar writer does. */
export async function tarOf(entries: Entry[]): Promise<Buffer> {
  const pack = tarStream.pack();
  const out = buffer(pack);
  for (const { header, body } of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, body ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  return out;
}

export const gzip = (bytes: Buffer): Buffer => gzipSync(bytes);

/** The first half of a file, as a copy cut short would leave it. */
export const firstHalf = (bytes: Buffer): Buffer => bytes.subarray(0, Math.floor(bytes.byteLength / 2));

/** A gzip whose middle bytes are flipped: its header is fine, its deflate stream or CRC is not. */
export function corrupted(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const middle = Math.floor(copy.byteLength / 2);
  for (let i = middle; i < Math.min(middle + 64, copy.byteLength - 8); i += 1) copy[i] = copy[i]! ^ 0xff;
  return copy;
}

/**
 * A gzipped tar holding one file of `inflatedBytes` zeros: a bomb a thousand times smaller on disk than
 * unpacked, made as a stream so building it holds no more than a chunk.
 */
export async function gzipBomb(inflatedBytes: number): Promise<Buffer> {
  const header = await tarOf([
    { header: { name: '/PG_VERSION', size: 3, type: 'file' }, body: Buffer.from('18\n') },
  ]);
  const chunk = Buffer.alloc(1024 * 1024);
  const pack = tarStream.pack();
  const gzipped = buffer(pack.pipe(createGzip({ level: 9 })));
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name: '/base/1/bomb', size: inflatedBytes, type: 'file' }, (error) =>
      error ? reject(error) : resolve(),
    );
    const zeros = Readable.from(
      (function* () {
        for (let left = inflatedBytes; left > 0; left -= chunk.byteLength) {
          yield left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
        }
      })(),
    );
    zeros.pipe(entry);
  });
  pack.finalize();
  // The small first entry is ahead of the bomb, as in a real dump; gzip members may follow one another.
  return Buffer.concat([gzip(header.subarray(0, header.byteLength - 1024)), await gzipped]);
}
