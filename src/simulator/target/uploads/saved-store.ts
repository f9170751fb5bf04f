import type { ArchiveStore, OpenUpload, StoredArchive } from './archive-store';

/**
 * GitHub-owned storage as the world file keeps it: archives and unfinished uploads, bytes as base64. `restoreStore`
 * checks every field of a saved value and answers undefined for anything this version did not write.
 */
export const SAVED_STORE_VERSION = 1;

interface SavedArchive extends Omit<StoredArchive, 'bytes'> {
  bytes: string;
}
interface SavedUpload extends Omit<OpenUpload, 'parts'> {
  parts: string[];
}
interface SavedStore {
  version: number;
  sequence: number;
  archives: SavedArchive[];
  uploads: SavedUpload[];
}

export function saveStore(store: ArchiveStore): SavedStore {
  return {
    version: SAVED_STORE_VERSION,
    sequence: store.sequence,
    archives: [...store.archives.values()].map(({ bytes, ...rest }) => ({
      ...rest,
      bytes: bytes.toString('base64'),
    })),
    uploads: [...store.uploads.values()].map(({ parts, ...rest }) => ({
      ...rest,
      parts: parts.map((part) => part.toString('base64')),
    })),
  };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (value: unknown): value is string => isText(value) && BASE64.test(value);

function restoreArchive(value: unknown): StoredArchive | undefined {
  if (!isObject(value)) return undefined;
  const { guid, nodeId, name, size, uri, createdAt, orgDatabaseId, bytes, invalid } = value;
  if (![guid, nodeId, name, uri, createdAt].every(isText) || !isCount(size) || !isCount(orgDatabaseId))
    return undefined;
  if (!isBase64(bytes) || Number.isNaN(Date.parse(createdAt as string))) return undefined;
  if (invalid !== undefined && !isText(invalid)) return undefined;
  const data = Buffer.from(bytes, 'base64');
  if (data.length !== size) return undefined;
  return {
    guid: guid as string,
    nodeId: nodeId as string,
    name: name as string,
    size,
    uri: uri as string,
    createdAt: createdAt as string,
    orgDatabaseId,
    bytes: data,
    ...(invalid === undefined ? {} : { invalid }),
  };
}

function restoreUpload(value: unknown): OpenUpload | undefined {
  if (!isObject(value)) return undefined;
  const { guid, uploadId, orgDatabaseId, name, size, parts, received, startedMs } = value;
  if (![guid, uploadId, name].every(isText) || ![orgDatabaseId, size, received, startedMs].every(isCount)) {
    return undefined;
  }
  if (!Array.isArray(parts) || !parts.every(isBase64)) return undefined;
  const buffers = parts.map((part) => Buffer.from(part, 'base64'));
  if (buffers.reduce((sum, part) => sum + part.length, 0) !== received) return undefined;
  return {
    guid: guid as string,
    uploadId: uploadId as string,
    orgDatabaseId: orgDatabaseId as number,
    name: name as string,
    size: size as number,
    parts: buffers,
    received,
    startedMs: startedMs as number,
  };
}

export function restoreStore(saved: unknown): ArchiveStore | undefined {
  if (!isObject(saved) || saved.version !== SAVED_STORE_VERSION || !isCount(saved.sequence)) return undefined;
  if (!Array.isArray(saved.archives) || !Array.isArray(saved.uploads)) return undefined;
  const archives = saved.archives.map(restoreArchive);
  const uploads = saved.uploads.map(restoreUpload);
  if (archives.some((a) => !a) || uploads.some((u) => !u)) return undefined;
  return {
    sequence: saved.sequence,
    archives: new Map((archives as StoredArchive[]).map((a) => [a.guid, a])),
    uploads: new Map((uploads as OpenUpload[]).map((u) => [u.guid, u])),
  };
}
