import { gunzipSync } from 'node:zlib';
import { tarStream } from './tar';

export interface ReadArchiveOptions {
  /** zlib stops inflating here (a RangeError): a gzip bomb is never inflated whole. */
  maxInflatedBytes?: number;
  /** Keep regular files only (leave directories and links out). */
  filesOnly?: boolean;
}

/** Read a tar.gz into name → bytes (throws when it is not a gzip-compressed tar). */
export async function readArchive(
  bytes: Uint8Array,
  { maxInflatedBytes, filesOnly = false }: ReadArchiveOptions = {},
): Promise<Map<string, Buffer>> {
  const tar = gunzipSync(bytes, maxInflatedBytes === undefined ? {} : { maxOutputLength: maxInflatedBytes });
  const files = new Map<string, Buffer>();
  const reader = tarStream.extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => {
        chunks.push(chunk as Buffer);
      });
      stream.on('end', () => {
        if (!filesOnly || header.type === 'file') files.set(header.name, Buffer.concat(chunks));
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
