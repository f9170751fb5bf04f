import { STORAGE_PREFIX } from '../github/migrations/storage';
import type { GeiStorageLike } from './gei-storage-port';

/** Largest archive the simulator downloads from a URL (its archives are scaled down; this only bounds memory). */
export const MAX_DOWNLOAD_BYTES = 256 * 1024 * 1024;

export type Fetched = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export interface ArchiveSources {
  storage: GeiStorageLike;
  orgDatabaseId: number;
  /** The simulator's own fetch: the source's signed archive URLs resolve in process. */
  fetchSource: (request: Request) => Promise<Response>;
}

async function download(url: URL, fetchSource: ArchiveSources['fetchSource']): Promise<Fetched> {
  if (!url.pathname.startsWith(`${STORAGE_PREFIX}/`)) {
    return {
      ok: false,
      reason: `The archive at ${url.origin} could not be downloaded: the host is not reachable.`,
    };
  }
  let response: Response;
  try {
    response = await fetchSource(new Request(url, { method: 'GET' }));
  } catch {
    return { ok: false, reason: 'The archive could not be downloaded: the connection failed.' };
  }
  if (response.status === 403 || response.status === 404) {
    await response.body?.cancel();
    return {
      ok: false,
      reason: `The archive could not be downloaded (HTTP ${response.status}): the URL appears to have expired.`,
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, reason: `The archive could not be downloaded (HTTP ${response.status}).` };
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_DOWNLOAD_BYTES) {
    await response.body?.cancel();
    return { ok: false, reason: 'The archive is larger than the simulator accepts.' };
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_DOWNLOAD_BYTES)
    return { ok: false, reason: 'The archive is larger than the simulator accepts.' };
  return { ok: true, bytes };
}

/**
 * The bytes behind an archive URL of `startRepositoryMigration`: `gei://archive/{guid}` is taken from
 * GitHub-owned storage (used archives are deleted at once); an http(s) URL is downloaded when it is the
 * simulator's own archive storage (the source's signed URLs); anything else fails with a reason.
 */
export async function fetchArchive(raw: string, sources: ArchiveSources): Promise<Fetched> {
  if (raw.startsWith('gei://')) {
    const stored = sources.storage.take(raw, sources.orgDatabaseId);
    if (!stored)
      return {
        ok: false,
        reason: `The archive ${raw.slice(0, 80)} was not found: it expired or was already used.`,
      };
    if (stored.invalid)
      return { ok: false, reason: `The archive ${stored.name} is not valid: ${stored.invalid}` };
    return { ok: true, bytes: stored.bytes };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The archive URL is not a valid URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, reason: `Archive URLs must be https or gei URLs, not ${url.protocol.slice(0, 20)}` };
  return download(url, sources.fetchSource);
}
