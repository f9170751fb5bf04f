import { gunzipSync } from 'node:zlib';
import { tarStream } from '../github/migrations/tar';

/** The most an archive may inflate to (the simulator's archives are scaled down; this only bounds memory). */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;

export class ArchiveTooLargeError extends Error {}

/**
 * A tar.gz as name → bytes, refusing one that inflates past `maxInflatedBytes` (zlib stops there: a gzip bomb is
 * never inflated whole). Throws when it is not a gzip-compressed tar.
 */
export async function readTarGz(
  bytes: Buffer,
  maxInflatedBytes = MAX_INFLATED_BYTES,
): Promise<Map<string, Buffer>> {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes, { maxOutputLength: maxInflatedBytes });
  } catch (error) {
    if (error instanceof RangeError) throw new ArchiveTooLargeError('inflates past the bound');
    throw error;
  }
  const files = new Map<string, Buffer>();
  const reader = tarStream.extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => {
        chunks.push(chunk as Buffer);
      });
      stream.on('end', () => {
        if (header.type === 'file') files.set(header.name, Buffer.concat(chunks));
        next();
      });
      stream.on('error', reject);
    });
    reader.on('finish', () => resolve());
    reader.on('error', reject);
  });
  reader.end(tar);
  await done;
  if (files.size === 0) throw new Error('The archive holds no files.');
  return files;
}
