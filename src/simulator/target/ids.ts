import { createHash } from 'node:crypto';

/**
 * Node ids in the shape GitHub's "next" ids have (`O_kgDO…`, `U_kgDO…`, `RM_kgDO…`): a type prefix, then an
 * opaque base64url body. Deterministic from what they name, so seeded ids never change.
 */
export function nodeId(prefix: string, key: string): string {
  const body = createHash('sha256').update(`${prefix}:${key}`).digest('base64url').slice(0, 22);
  return `${prefix}_kgDO${body}`;
}

/** A UUID derived from a key (the migrations' `databaseId`, the archives' guids are UUIDs on GitHub). */
export function uuidFrom(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The type prefix of a node id, or undefined when it is not one of ours. */
export function nodeIdPrefix(id: string): string | undefined {
  return /^([A-Z]{1,4})_kgDO[\w-]+$/.exec(id)?.[1];
}
