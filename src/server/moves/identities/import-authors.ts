import type { ArchiveReading, CommitAuthor } from '@/contracts/identities';
import { isRecord } from '@/contracts/json';
import { CONTROL } from './archive-users';
import { authorKey } from './commit-authors';

/** Imports whose author mapping is read (as many as Ferry remembers: its recent imports). */
export const MAX_IMPORTS = 20;
/** An import's mapping is read again after this (each read is one request to the source). */
const KEEP_MS = 5 * 60_000;

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max && !CONTROL.test(value) ? value.trim() : '';

/**
 * GitHub's `GET /repos/{owner}/{repo}/import/authors` answer (pure): each author as mapped (`name`, `email`; GitHub
 * sets them to the mapped user's), with the name the import found (`remote_name`). Authors with no e-mail and no
 * name are left out; `max` bounds what one answer adds.
 */
export function parseImportAuthors(
  value: unknown,
  repository: string,
  max: number,
): CommitAuthor[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const found = new Map<string, CommitAuthor>();
  for (const author of value) {
    if (found.size >= max) break;
    if (!isRecord(author)) continue;
    const name = text(author.name, 256);
    const email = text(author.email, 320);
    if (!name && !email) continue;
    const remoteName = text(author.remote_name, 256);
    const row: CommitAuthor = {
      name,
      email,
      from: 'import',
      repository,
      ...(remoteName && remoteName !== name ? { remoteName } : {}),
    };
    found.set(authorKey(row), row);
  }
  return [...found.values()];
}

type Kept = { at: number; authors: CommitAuthor[] } | { at: number; note: string };

/**
 * The author mappings of the source imports Ferry followed (its recent imports), one GET each through the
 * gateway's own GitHub forwarding, kept five minutes. An import GitHub no longer answers is a note of its own.
 */
export function createImportAuthorReader(options: {
  get: (pathAndQuery: string) => Promise<Response>;
  now?: () => number;
  maxRows?: number;
}) {
  const now = options.now ?? Date.now;
  const maxRows = options.maxRows ?? 100_000;
  const kept = new Map<string, Kept>();

  async function readOne(fullName: string): Promise<Kept> {
    const [owner = '', repo = ''] = fullName.split('/');
    try {
      const response = await options.get(
        `repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/import/authors`,
      );
      if (!response.ok) {
        await response.body?.cancel();
        return { at: now(), note: `GitHub answered ${response.status} for its authors.` };
      }
      const authors = parseImportAuthors(await response.json().catch(() => undefined), fullName, maxRows);
      return authors
        ? { at: now(), authors }
        : { at: now(), note: 'GitHub’s answer was not a list of authors.' };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { at: now(), note: `Its authors could not be read: ${why.slice(0, 200)}` };
    }
  }

  return {
    async people(
      fullNames: readonly string[],
    ): Promise<{ authors: CommitAuthor[]; imports: ArchiveReading[] }> {
      const names = fullNames.slice(0, MAX_IMPORTS);
      const read = await Promise.all(
        names.map(async (name) => {
          const known = kept.get(name.toLowerCase());
          if (known && now() - known.at < KEEP_MS) return known;
          const fresh = await readOne(name);
          kept.set(name.toLowerCase(), fresh);
          // Bounded: the oldest reads go first.
          for (const old of kept.keys()) if (kept.size > MAX_IMPORTS * 5) kept.delete(old);
          return fresh;
        }),
      );
      const authors = new Map<string, CommitAuthor>();
      const imports = names.map((repository, i): ArchiveReading => {
        const one = read[i] as Kept;
        if ('note' in one) return { repository, state: 'refused', note: one.note };
        for (const author of one.authors)
          if (authors.size < maxRows && !authors.has(authorKey(author)))
            authors.set(authorKey(author), author);
        return { repository, state: 'read' };
      });
      return { authors: [...authors.values()], imports };
    },
  };
}

export type ImportAuthorReader = ReturnType<typeof createImportAuthorReader>;
