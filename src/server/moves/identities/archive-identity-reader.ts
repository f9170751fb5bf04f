import { resolve, sep } from 'node:path';
import type { ArchiveReading, ArchiveUser, CommitAuthor } from '@/contracts/identities';
import { ArchiveCountError } from '../validation/archive-count-error';
import { readArchiveIdentities, type ArchiveIdentities } from './archive-identities';
import { mergeArchiveUsers } from './archive-users';
import { authorKey } from './commit-authors';

/** A verified archive of a move to the target: `owner/name` of its repository, the file, its digest. */
export interface ArchiveSource {
  repository: string;
  file: string;
  sha256: string;
}

/** Rows of each kind one answer holds: what the page's grid is built for. */
export const MAX_PEOPLE_ROWS = 100_000;
/** How long a GET waits for archives being read before answering with them as `reading`. */
export const ARCHIVE_READ_WAIT_MS = 5_000;
/** Archives whose reading is kept (a verified archive never changes: one read per gateway)… */
const MAX_KEPT = 1_000;
/** …and the rows they may hold together (~100 MB): past it the oldest are read again when asked. */
export const MAX_KEPT_ROWS = 500_000;

type Kept =
  | { state: 'reading'; done: Promise<void> }
  | { state: 'read'; value: ArchiveIdentities }
  | { state: 'refused'; note: string };

export interface ArchivePeople {
  users: ArchiveUser[];
  authors: CommitAuthor[];
  archives: ArchiveReading[];
  cut?: string;
}

export interface ArchiveReaderOptions {
  /** `ARCHIVE_DIR`: an archive named outside it is not read. */
  archiveDir?: string;
  read?: (file: string) => Promise<ArchiveIdentities>;
  waitMs?: number;
  maxRows?: number;
  maxKeptRows?: number;
}

const rowsOf = (entry: Kept) =>
  entry.state === 'read' ? entry.value.users.length + entry.value.authors.length : 0;

/**
 * The people of a move's archives for the identity map. Archives are read one at a time per gateway, in the
 * background, and kept by file and digest; a GET waits at most `waitMs` and answers the others as `reading` (the
 * page asks again), so a large archive never holds a request. Whatever an archive does, it is a note of its own.
 */
export function createArchiveIdentityReader(options: ArchiveReaderOptions = {}) {
  const read = options.read ?? ((file: string) => readArchiveIdentities(file));
  const waitMs = options.waitMs ?? ARCHIVE_READ_WAIT_MS;
  const maxRows = options.maxRows ?? MAX_PEOPLE_ROWS;
  const maxKeptRows = options.maxKeptRows ?? MAX_KEPT_ROWS;
  const root = options.archiveDir ? resolve(options.archiveDir) : undefined;
  const kept = new Map<string, Kept>();
  let queue: Promise<void> = Promise.resolve();

  const inside = (file: string) => !root || resolve(file).startsWith(root + sep);

  function start(source: ArchiveSource): Kept {
    const key = `${source.sha256}\n${source.file}`;
    const known = kept.get(key);
    if (known) return known;
    if (!inside(source.file))
      return { state: 'refused', note: 'The archive is outside ARCHIVE_DIR: not read.' };
    const done = (queue = queue.then(async () => {
      try {
        kept.set(key, { state: 'read', value: await read(source.file) });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        const note = error instanceof ArchiveCountError ? why : `The archive cannot be read: ${why}`;
        kept.set(key, { state: 'refused', note: note.slice(0, 300) });
      }
      // Oldest first out (a key is only ever re-set in place as it finishes), the one just read kept.
      let rows = 0;
      for (const entry of kept.values()) rows += rowsOf(entry);
      for (const [old, entry] of kept) {
        if (kept.size <= MAX_KEPT && rows <= maxKeptRows) break;
        if (entry.state === 'reading' || old === key) continue;
        rows -= rowsOf(entry);
        kept.delete(old);
      }
    }));
    const reading: Kept = { state: 'reading', done };
    kept.set(key, reading);
    return reading;
  }

  return {
    async people(sources: readonly ArchiveSource[]): Promise<ArchivePeople> {
      const started = sources.map(start);
      const pending = started.flatMap((k) => (k.state === 'reading' ? [k.done] : []));
      if (pending.length > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          Promise.all(pending),
          new Promise<void>((done) => (timer = setTimeout(done, waitMs))),
        ]);
        clearTimeout(timer);
      }
      const users = new Map<string, ArchiveUser>();
      const authors = new Map<string, CommitAuthor>();
      let cut = false;
      const archives = sources.map((source, i): ArchiveReading => {
        const now = kept.get(`${source.sha256}\n${source.file}`) ?? started[i];
        if (!now || now.state === 'reading') return { repository: source.repository, state: 'reading' };
        if (now.state === 'refused')
          return { repository: source.repository, state: 'refused', note: now.note };
        if (!mergeArchiveUsers(users, now.value.users, maxRows)) cut = true;
        for (const author of now.value.authors) {
          const k = authorKey(author);
          if (authors.has(k)) continue;
          if (authors.size >= maxRows) cut = true;
          else authors.set(k, author);
        }
        return {
          repository: source.repository,
          state: 'read',
          ...(now.value.note ? { note: now.value.note } : {}),
        };
      });
      return {
        users: [...users.values()],
        authors: [...authors.values()],
        archives,
        ...(cut ? { cut: `Only the first ${maxRows} archive users and commit authors are shown.` } : {}),
      };
    },
  };
}

export type ArchiveIdentityReader = ReturnType<typeof createArchiveIdentityReader>;
