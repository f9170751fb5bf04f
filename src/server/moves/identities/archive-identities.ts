import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { ArchiveUser, CommitAuthor } from '@/contracts/identities';
import { ArchiveCountError } from '../validation/archive-count-error';
import { DEFAULT_ARCHIVE_BOUNDS, extractArchive } from '../validation/archive-counts';
import { makeScratch } from '../validation/scratch';
import { ArchiveIdentityError } from './archive-identity-error';
import { MAX_USERS_FILE_BYTES, mergeArchiveUsers, parseArchiveUsers, USERS_FILE } from './archive-users';
import { collectCommitAuthors } from './commit-authors';

/** Who one archive names: its users and its commits' authors; `note` says what a bound left out. */
export interface ArchiveIdentities {
  users: ArchiveUser[];
  authors: CommitAuthor[];
  note?: string;
}

export interface ArchiveIdentityBounds {
  maxInflatedBytes: number;
  maxEntries: number;
  /** Bytes one `users_*.json` may have (parsed whole). */
  maxUsersFileBytes: number;
  /** Users kept per archive. */
  maxUsers: number;
  /** Commits walked per repository, and distinct authors kept per archive. */
  maxCommits: number;
  maxAuthors: number;
  /** Largest pack whose history is walked (isomorphic-git reads a pack whole into memory). */
  maxPackBytes: number;
}

export const DEFAULT_ARCHIVE_IDENTITY_BOUNDS: ArchiveIdentityBounds = {
  maxInflatedBytes: DEFAULT_ARCHIVE_BOUNDS.maxInflatedBytes,
  maxEntries: DEFAULT_ARCHIVE_BOUNDS.maxEntries,
  maxUsersFileBytes: MAX_USERS_FILE_BYTES,
  maxUsers: 100_000,
  maxCommits: 1_000_000,
  maxAuthors: 100_000,
  maxPackBytes: DEFAULT_ARCHIVE_BOUNDS.maxPackBytes,
};

/**
 * Reads one verified archive for the identity map, with the validation's one streamed pass (gunzip → tar, the
 * same bounds, bare repositories written to a scratch folder removed whatever happens). A hostile archive — not a
 * gzip tar, a bomb, a users file past its bound, not JSON — is an `ArchiveIdentityError` saying why.
 */
export async function readArchiveIdentities(
  file: string,
  options: { bounds?: Partial<ArchiveIdentityBounds>; scratchDir?: string } = {},
): Promise<ArchiveIdentities> {
  const bounds = { ...DEFAULT_ARCHIVE_IDENTITY_BOUNDS, ...options.bounds };
  const facts = await stat(file).catch(() => undefined);
  if (!facts?.isFile()) throw new ArchiveIdentityError('The archive is no longer on disk.');
  const users = new Map<string, ArchiveUser>();
  const notes: string[] = [];
  const scratch = await makeScratch(options.scratchDir ?? tmpdir());
  try {
    let extracted;
    try {
      extracted = await extractArchive(
        file,
        scratch,
        {
          ...DEFAULT_ARCHIVE_BOUNDS,
          ...bounds,
          maxRecordFileBytes: DEFAULT_ARCHIVE_BOUNDS.maxRecordFileBytes,
        },
        {
          pattern: USERS_FILE,
          maxBytes: bounds.maxUsersFileBytes,
          take: (name, body) => {
            if (!mergeArchiveUsers(users, parseArchiveUsers(name, body), bounds.maxUsers))
              notes.push(`Only the first ${bounds.maxUsers} users were read.`);
          },
        },
      );
    } catch (error) {
      if (error instanceof ArchiveCountError && !(error instanceof ArchiveIdentityError))
        throw new ArchiveIdentityError(error.message);
      throw error;
    }
    const authors = new Map<string, CommitAuthor>();
    for (const [key, gitdir] of extracted.repositories) {
      if ((extracted.packBytes.get(key) ?? 0) > bounds.maxPackBytes) {
        notes.push(`The history of ${key} is too large to read its authors.`);
        continue;
      }
      try {
        if (!(await collectCommitAuthors(gitdir, authors, bounds)))
          notes.push(`Only part of ${key}’s history was read for authors.`);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        notes.push(`The Git data of ${key} cannot be read: ${why.slice(0, 200)}`);
      }
    }
    return {
      users: [...users.values()],
      authors: [...authors.values()],
      ...(notes.length > 0 ? { note: [...new Set(notes)].join(' ') } : {}),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
