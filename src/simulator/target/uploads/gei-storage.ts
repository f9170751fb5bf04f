import type { Hono } from 'hono';
import {
  GEI_URI_PREFIX,
  emptyStore,
  purgeExpired,
  type ArchiveStore,
  type StoredArchive,
} from './archive-store';
import { restoreStore, saveStore } from './saved-store';
import { createUploadRoutes } from './upload-routes';

/**
 * GitHub-owned storage on the target GitHub.com: the write-only store `gh gei --use-github-storage` uploads
 * migration archives to (`uploads.github.com/organizations/{orgDatabaseId}/gei/archive…`), answering
 * `gei://archive/{guid}` URIs that `startRepositoryMigration` takes as archive URLs. The target world mounts
 * `app` at `/uploads` and reads archives back through the other members.
 */
export type { StoredArchive } from './archive-store';

export interface GeiStorageOptions {
  now: () => number;
  /** Who may upload to this organization: undefined = allowed, else an HTTP status and GitHub's message. */
  authorize: (
    authorization: string | undefined,
    orgDatabaseId: number,
  ) => { status: number; message: string } | undefined;
  /** The part size above which clients must use multipart (GitHub: 100 MiB); tests pass something small. */
  maxSinglePartBytes?: number;
  /** Largest archive accepted at all (default 40 GiB, GEI's largest per-repository limit). */
  maxArchiveBytes?: number;
  /** Unfinished multipart uploads one organization may hold (default 100). */
  maxOpenUploadsPerOrg?: number;
}

export interface GeiStorage {
  app: Hono;
  /** The archive a migration uses: returns it and deletes it (GitHub deletes used archives at once). */
  take(uri: string, orgDatabaseId: number): StoredArchive | undefined;
  /** The organization's archives still kept, newest first; expired ones (7 days) gone. */
  list(orgDatabaseId: number): StoredArchive[];
  byNodeId(nodeId: string): StoredArchive | undefined;
  delete(nodeId: string): StoredArchive | undefined;
  /** For the world file: what to save and restore (bytes as base64). `load` answers false and changes nothing on a value it cannot read. */
  save(): unknown;
  load(saved: unknown): boolean;
}

export const DEFAULT_MAX_SINGLE_PART_BYTES = 100 * 1024 * 1024;
export const DEFAULT_MAX_ARCHIVE_BYTES = 40 * 1024 * 1024 * 1024;
export const DEFAULT_MAX_OPEN_UPLOADS_PER_ORG = 100;

export function createGeiStorage(options: GeiStorageOptions): GeiStorage {
  const store: ArchiveStore = emptyStore();
  const current = () => {
    purgeExpired(store, options.now());
    return store;
  };
  const app = createUploadRoutes(store, {
    now: options.now,
    authorize: options.authorize,
    maxSinglePartBytes: options.maxSinglePartBytes ?? DEFAULT_MAX_SINGLE_PART_BYTES,
    maxArchiveBytes: options.maxArchiveBytes ?? DEFAULT_MAX_ARCHIVE_BYTES,
    maxOpenUploadsPerOrg: options.maxOpenUploadsPerOrg ?? DEFAULT_MAX_OPEN_UPLOADS_PER_ORG,
  });
  const byNodeId = (nodeId: string) => [...current().archives.values()].find((a) => a.nodeId === nodeId);

  return {
    app,
    take(uri, orgDatabaseId) {
      if (!uri.startsWith(GEI_URI_PREFIX)) return undefined;
      const archive = current().archives.get(uri.slice(GEI_URI_PREFIX.length));
      if (!archive || archive.orgDatabaseId !== orgDatabaseId) return undefined;
      store.archives.delete(archive.guid);
      return archive;
    },
    list(orgDatabaseId) {
      return [...current().archives.values()]
        .filter((a) => a.orgDatabaseId === orgDatabaseId)
        .reverse() // insertion order is upload order: the stable sort keeps later uploads first on equal times
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    },
    byNodeId,
    delete(nodeId) {
      const archive = byNodeId(nodeId);
      if (archive) store.archives.delete(archive.guid);
      return archive;
    },
    save: () => saveStore(store),
    load(saved) {
      const restored = restoreStore(saved);
      if (!restored) return false;
      // In place: the routes hold this same store.
      store.archives = restored.archives;
      store.uploads = restored.uploads;
      store.sequence = restored.sequence;
      return true;
    },
  };
}
