import { createHash, randomBytes } from 'node:crypto';
import { migrationArchiveNodeId } from './node-id';

/** An archive in GitHub-owned storage, as the GEI API describes it, with its bytes. */
export interface StoredArchive {
  guid: string;
  nodeId: string;
  name: string;
  size: number;
  uri: string;
  createdAt: string;
  orgDatabaseId: number;
  bytes: Buffer;
  /** Set when the bytes are not a GitHub migration archive: why a migration from it fails. */
  invalid?: string;
}

/** A multipart upload between its `POST` and its completing `PUT`. */
export interface OpenUpload {
  guid: string;
  uploadId: string;
  orgDatabaseId: number;
  name: string;
  /** The size declared when the upload started; the parts must add up to it. */
  size: number;
  parts: Buffer[];
  received: number;
  startedMs: number;
}

/** "If an archive is uploaded, but is not used with a migration, the archive is deleted after 7 days." */
export const ARCHIVE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const GEI_URI_PREFIX = 'gei://archive/';

export interface ArchiveStore {
  archives: Map<string, StoredArchive>;
  uploads: Map<string, OpenUpload>;
  /** How many guids were handed out: guids derive from it, so a world replays the same ids. */
  sequence: number;
}

export function emptyStore(): ArchiveStore {
  return { archives: new Map(), uploads: new Map(), sequence: 0 };
}

/** A v4-shaped guid derived from the sequence and the time (deterministic, distinct per upload). */
export function nextGuid(store: ArchiveStore, nowMs: number): string {
  store.sequence += 1;
  const hex = createHash('sha256').update(`gei-archive:${store.sequence}:${nowMs}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The multipart session's secret half: random, as a storage service's upload id is. */
export function newUploadId(): string {
  return randomBytes(24).toString('base64url');
}

/** Drop archives and unfinished uploads older than seven days (simulated). */
export function purgeExpired(store: ArchiveStore, nowMs: number): void {
  for (const [guid, archive] of store.archives) {
    if (Date.parse(archive.createdAt) + ARCHIVE_TTL_MS <= nowMs) store.archives.delete(guid);
  }
  for (const [guid, upload] of store.uploads) {
    if (upload.startedMs + ARCHIVE_TTL_MS <= nowMs) store.uploads.delete(guid);
  }
}

export function keepArchive(
  store: ArchiveStore,
  fields: { guid: string; name: string; orgDatabaseId: number; bytes: Buffer; invalid?: string },
  nowMs: number,
): StoredArchive {
  const archive: StoredArchive = {
    guid: fields.guid,
    nodeId: migrationArchiveNodeId(fields.guid),
    name: fields.name,
    size: fields.bytes.length,
    uri: `${GEI_URI_PREFIX}${fields.guid}`,
    createdAt: new Date(nowMs).toISOString(),
    orgDatabaseId: fields.orgDatabaseId,
    bytes: fields.bytes,
    ...(fields.invalid === undefined ? {} : { invalid: fields.invalid }),
  };
  store.archives.set(archive.guid, archive);
  return archive;
}

/** The JSON GitHub answers for a stored archive (`201` of the single upload and of the completing `PUT`). */
export function archiveJson(archive: StoredArchive) {
  return {
    guid: archive.guid,
    node_id: archive.nodeId,
    name: archive.name,
    size: archive.size,
    uri: archive.uri,
    created_at: archive.createdAt,
  };
}

export function openUploadsOf(store: ArchiveStore, orgDatabaseId: number): number {
  let count = 0;
  for (const upload of store.uploads.values()) if (upload.orgDatabaseId === orgDatabaseId) count += 1;
  return count;
}
