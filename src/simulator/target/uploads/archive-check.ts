import { createGunzip } from 'node:zlib';
import { tarStream } from '@/simulator/github/migrations/tar';

/**
 * Is an uploaded archive a GitHub migration archive (a gzip'd tar holding `schema.json`)? GitHub cannot know at
 * upload, so the archive is stored either way; the answer only tells the migration that uses it why it fails.
 * Hostile archives are bounded: at most `maxInflatedBytes` are inflated and `maxEntries` headers read, so a gzip
 * bomb costs a few milliseconds, not the machine's memory.
 */
export interface InspectLimits {
  maxInflatedBytes: number;
  maxEntries: number;
}

export const INSPECT_LIMITS: InspectLimits = { maxInflatedBytes: 64 * 1024 * 1024, maxEntries: 64 };
const MAX_SCHEMA_BYTES = 1024 * 1024;

export const NOT_GZIP = 'The archive is not gzip-compressed: a migration archive is a .tar.gz file.';

/** Why `schema.json` does not describe a migration archive, or undefined when it does. */
function schemaProblem(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { version?: unknown }).version === 'string'
    ) {
      return undefined;
    }
  } catch {
    // fall through
  }
  return 'The archive\'s schema.json is not a migration schema (a JSON object with a "version").';
}

/** Undefined for a migration archive, else the reason a migration from it fails. */
export function inspectArchive(
  bytes: Buffer,
  limits: InspectLimits = INSPECT_LIMITS,
): Promise<string | undefined> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return Promise.resolve(NOT_GZIP);
  return new Promise((resolve) => {
    const gunzip = createGunzip();
    const extract = tarStream.extract();
    let settled = false;
    let inflated = 0;
    let entries = 0;
    const finish = (reason: string | undefined) => {
      if (settled) return;
      settled = true;
      gunzip.destroy();
      extract.destroy();
      resolve(reason);
    };

    gunzip.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > limits.maxInflatedBytes) {
        finish(
          `No schema.json in the first ${limits.maxInflatedBytes} bytes of the archive: not a migration archive.`,
        );
      } else if (!settled) extract.write(chunk);
    });
    gunzip.on('end', () => {
      if (!settled) extract.end(Buffer.alloc(0));
    });
    gunzip.on('error', (error: Error) => finish(`The archive's gzip data is corrupt (${error.message}).`));
    extract.on('error', () =>
      finish('The archive is not a tar archive (a migration archive is a .tar.gz file).'),
    );
    extract.on('finish', () => finish('The archive holds no schema.json: not a GitHub migration archive.'));
    extract.on('entry', (header, stream, next) => {
      entries += 1;
      const name = header.name.replace(/^\.\//, '');
      if (name !== 'schema.json') {
        if (entries >= limits.maxEntries) {
          finish(
            `No schema.json among the archive's first ${limits.maxEntries} entries: not a migration archive.`,
          );
          return;
        }
        stream.on('end', () => next());
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (data: unknown) => {
        const chunk = data as Buffer;
        size += chunk.length;
        if (size > MAX_SCHEMA_BYTES)
          finish("The archive's schema.json is too large to be a migration schema.");
        else chunks.push(chunk);
      });
      stream.on('end', () => finish(schemaProblem(Buffer.concat(chunks).toString('utf8'))));
    });
    gunzip.end(bytes);
  });
}
