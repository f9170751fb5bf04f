import type { Hono } from 'hono';

/**
 * What the target world needs of GitHub-owned storage (`uploads/gei-storage.ts`, helper U's interface): the
 * upload app to mount, `take` for a migration's `gei://archive/{guid}`, the archive list and delete for GraphQL,
 * and save/load for the world file.
 */
export interface StoredArchiveLike {
  guid: string;
  nodeId: string;
  name: string;
  size: number;
  uri: string;
  createdAt: string;
  orgDatabaseId: number;
  bytes: Buffer;
  /** Set when the bytes are not a GitHub migration archive (GitHub cannot know at upload). */
  invalid?: string;
}

export interface GeiStorageLike {
  app: Hono;
  take(uri: string, orgDatabaseId: number): StoredArchiveLike | undefined;
  list(orgDatabaseId: number): StoredArchiveLike[];
  byNodeId(nodeId: string): StoredArchiveLike | undefined;
  delete(nodeId: string): StoredArchiveLike | undefined;
  save(): unknown;
  load(saved: unknown): boolean;
}
