/**
 * What the target world needs of GitHub-owned storage (`uploads/gei-storage.ts`): the
 * upload app to mount, `take` for a migration's `gei://archive/{guid}`, the archive list and delete for GraphQL,
 * and save/load for the world file.
 */
export type { StoredArchive as StoredArchiveLike, GeiStorage as GeiStorageLike } from './uploads/gei-storage';
