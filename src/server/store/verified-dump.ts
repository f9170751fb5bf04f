import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Header } from 'tar-stream';
import { tarStream } from '../waves/tar';

/**
 * An embedded backup (PGlite's `dumpDataDir`: a tar of the data folder, usually gzipped) read as a stream into
 * a fresh folder, and refused unless it is whole: the gzip's own end and CRC, every tar header's checksum, the
 * tar's end-of-archive blocks, names that stay inside the folder, and at most `maxInflatedBytes` unpacked.
 * Memory stays flat whatever the file's size (PGlite's own `loadDataDir` holds the file and its inflation
 * whole: 2.2 GB for a 1 MB file that inflates to 1 GiB).
 */

/** `RESTORE_MAX_INFLATED_BYTES`: 50× a fresh store's 41 MB unpacked; years of one person's history fit. */
export const DEFAULT_MAX_INFLATED_BYTES = 2 * 1024 ** 3;

export function maxInflatedBytesFrom(env: Record<string, string | undefined>): number {
  const given = env.RESTORE_MAX_INFLATED_BYTES?.trim();
  if (!given) return DEFAULT_MAX_INFLATED_BYTES;
  const bytes = Number(given);
  if (!Number.isSafeInteger(bytes) || bytes < 1024 ** 2) {
    throw new Error('RESTORE_MAX_INFLATED_BYTES must be a whole number of bytes, at least 1048576.');
  }
  return bytes;
}

/** The backup cannot be used; nothing was changed. */
export class BadBackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BadBackupError';
  }
}

const BLOCK = 512;

/**
 * A tar entry's name as a path inside the folder, or why not. PGlite writes `/PG_VERSION`, `/base/1/112`:
 * relative to the data folder with a leading slash.
 */
export function entryPath(name: string): string | { refused: string } {
  if (name.includes('\0') || name.includes('\\')) return { refused: `the name ${JSON.stringify(name)}` };
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return { refused: `the name ${JSON.stringify(name)} leads outside the folder` };
  return parts.join('/');
}

/** Counts inflated bytes against the cap and remembers whether the last two blocks were zeros. */
class Meter extends Transform {
  bytes = 0;
  private tail = Buffer.alloc(0);

  constructor(private readonly cap: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.cap) {
      done(
        refuse(
          `it unpacks to more than ${this.cap} bytes (RESTORE_MAX_INFLATED_BYTES), more than a Ferry store holds`,
        ),
      );
      return;
    }
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-2 * BLOCK);
    done(null, chunk);
  }

  endsWithZeroBlocks(): boolean {
    return this.tail.byteLength === 2 * BLOCK && this.tail.every((byte) => byte === 0);
  }
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function refuse(why: string): BadBackupError {
  return new BadBackupError(`the backup is not usable: ${why}`);
}

/** Unpack `file` into `folder` (made here, must not exist). Throws `BadBackupError` when it is not whole. */
export async function unpackDump(
  file: string,
  folder: string,
  maxInflatedBytes = DEFAULT_MAX_INFLATED_BYTES,
): Promise<{ inflatedBytes: number; files: number }> {
  await mkdir(folder, { mode: 0o700 });
  const meter = new Meter(maxInflatedBytes);
  const extract = tarStream.extract();
  // tar-stream (streamx) emits its error again after the pipeline has failed with it: already handled.
  extract.on('error', () => undefined);
  let files = 0;
  let endOfEntries = 0;
  extract.on('entry', (header: Header & { byteOffset?: number }, stream, next) => {
    // The whole extraction fails with the same error; the entry's copy of it would go uncaught.
    stream.on('error', () => undefined);
    const size = header.size ?? 0;
    endOfEntries = (header.byteOffset ?? 0) + Math.ceil(size / BLOCK) * BLOCK;
    const where = entryPath(header.name);
    const fail = (error: unknown) => {
      stream.resume();
      next(error instanceof Error ? error : new Error(String(error)));
    };
    if (typeof where !== 'string') return fail(refuse(where.refused));
    const target = path.join(folder, where);
    if (header.type === 'directory') {
      mkdir(target, { recursive: true, mode: 0o700 }).then(() => {
        stream.resume();
        next();
      }, fail);
      return;
    }
    if (header.type !== 'file' || where === '') {
      return fail(
        refuse(`${JSON.stringify(header.name)} is a ${header.type ?? 'strange'} entry, not a file`),
      );
    }
    files += 1;
    mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      // `wx`: a name given twice is refused rather than half-overwritten.
      .then(() => pipeline(stream, createWriteStream(target, { flags: 'wx', mode: 0o600 })))
      .then(() => next(), fail);
  });
  const gzipped = await isGzip(file);
  try {
    await pipeline([createReadStream(file), ...(gzipped ? [createGunzip()] : []), meter, extract]);
  } catch (error) {
    if (error instanceof BadBackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // The file itself could not be read: said as the system says it, not as a bad backup.
    if (code === 'ENOENT' || code === 'EACCES') throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw refuse(code === 'Z_BUF_ERROR' ? 'it ends early (cut short?)' : why);
  }
  // tar-stream reads zero blocks as nothing: an archive cut at an entry's end would look whole without this.
  if (!meter.endsWithZeroBlocks() || meter.bytes - endOfEntries < 2 * BLOCK) {
    throw refuse('the tar has no end (cut short?)');
  }
  if (files === 0) throw refuse('it holds no files');
  return { inflatedBytes: meter.bytes, files };
}
