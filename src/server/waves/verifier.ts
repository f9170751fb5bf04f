import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { tarStream } from './tar';

/**
 * Checks a downloaded archive without unpacking it to disk or memory: it must be a gzip-compressed tar, hold a
 * `schema.json` that parses, and its `repositories_*.json` files must list exactly the batch's repositories.
 * Only those small JSON files are buffered; everything else streams past.
 */
export interface Verification {
  ok: boolean;
  message: string;
  /** The repositories the archive lists. */
  repos?: string[];
}

const SMALL_JSON_LIMIT = 64 * 1024 * 1024;

export async function verifyArchive(file: string, expected: string[]): Promise<Verification> {
  let schema: unknown;
  const listed: string[] = [];
  const extract = tarStream.extract();
  extract.on('entry', (header, stream, next) => {
    // A truncated archive destroys the entry being read; the pipeline below reports it.
    stream.on('error', () => undefined);
    const name = header.name.replace(/^\.\//, '');
    const wanted = name === 'schema.json' || /^repositories_\d+\.json$/.test(name);
    if (!wanted || (header.size ?? 0) > SMALL_JSON_LIMIT) {
      stream.on('end', () => next());
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => {
      chunks.push(chunk as Buffer);
    });
    stream.on('end', () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (name === 'schema.json') schema = value;
        else if (Array.isArray(value)) {
          for (const record of value as { name?: unknown }[]) {
            if (typeof record?.name === 'string') listed.push(record.name);
          }
        }
        next();
      } catch {
        next(new Error(`${name} is not valid JSON`));
      }
    });
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    return {
      ok: false,
      message: `Not a readable gzip tar: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (schema === undefined) return { ok: false, message: 'schema.json is missing.', repos: listed };
  const want = new Set(expected.map((name) => name.toLowerCase()));
  const got = new Set(listed.map((name) => name.toLowerCase()));
  const missing = expected.filter((name) => !got.has(name.toLowerCase()));
  const extra = listed.filter((name) => !want.has(name.toLowerCase()));
  if (missing.length > 0 || extra.length > 0 || got.size !== listed.length) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      extra.length > 0 ? `unexpected ${extra.join(', ')}` : '',
      got.size !== listed.length ? 'repositories listed twice' : '',
    ].filter(Boolean);
    return {
      ok: false,
      message: `The repositories file does not match the batch: ${parts.join('; ')}.`,
      repos: listed,
    };
  }
  return {
    ok: true,
    message: `schema.json present; ${listed.length} repositories listed, as asked.`,
    repos: listed,
  };
}
