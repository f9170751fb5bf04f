import { githubPath } from '@/contracts/github/operations';
import { isRecord, stringOf } from '@/contracts/json';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ABSENT_HEADER } from '@/contracts/ferry';
import { request } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { unchangedFor } from '@/lib/polling-policy';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { importRefetchInterval } from '../utils/import-phase';
import {
  parseAuthors,
  parseImport,
  parseLargeFiles,
  type CommitAuthor,
  type SourceImport,
} from '@/contracts/github/source-import';

/** The import's own path (status, start, update, cancel share it), from GitHub's operation table. */
export function importPath(owner: string, repo: string): string {
  return githubPath('migrations/get-import-status', { owner, repo });
}

/**
 * The repository's import, or null when it has none (GitHub answers 404; the gateway says so as `200 null`
 * when asked, so the browser logs no error for an ordinary answer).
 */
export async function getImportStatus(owner: string, repo: string): Promise<SourceImport | null> {
  try {
    const { data } = await request<unknown>('github', importPath(owner, repo), {
      headers: { [ABSENT_HEADER]: 'null' },
    });
    return data === null ? null : parseImport(data);
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.upstream === 'github') return null;
    throw error;
  }
}

/**
 * All commit authors, following `since` (the highest id seen) until a page comes back empty, or until
 * `expected` authors are in (the status's count once the raw step is over: no request to learn there are none).
 */
export async function listCommitAuthors(
  owner: string,
  repo: string,
  expected?: number,
): Promise<CommitAuthor[]> {
  const all: CommitAuthor[] = [];
  let since: number | undefined;
  for (let page = 0; page < 1_000; page += 1) {
    const query = since === undefined ? '' : `?since=${since}`;
    const { data } = await request<unknown>(
      'github',
      `${githubPath('migrations/get-commit-authors', { owner, repo })}${query}`,
    );
    // Loops, not spreads: 100,000 arguments overflow the call stack in some engines.
    const before = all.length;
    let highest = since ?? -Infinity;
    for (const author of parseAuthors(data)) {
      if (since !== undefined && author.id <= since) continue;
      all.push(author);
      if (author.id > highest) highest = author.id;
    }
    if (all.length === before || (expected !== undefined && all.length >= expected)) break;
    since = highest;
  }
  return all;
}

export async function listLargeFiles(owner: string, repo: string) {
  const { data } = await request<unknown>(
    'github',
    githubPath('migrations/get-large-files', { owner, repo }),
  );
  return parseLargeFiles(data);
}

export interface RepositoryChoice {
  fullName: string;
  owner: string;
  name: string;
  private: boolean;
}

function toChoices(data: unknown): RepositoryChoice[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) => {
    const repo = item as {
      full_name?: unknown;
      name?: unknown;
      private?: unknown;
      owner?: { login?: unknown };
    };
    if (typeof repo.name !== 'string' || typeof repo.owner?.login !== 'string') return [];
    return [
      {
        fullName: `${repo.owner.login}/${repo.name}`,
        owner: repo.owner.login,
        name: repo.name,
        private: repo.private === true,
      },
    ];
  });
}

/** Repositories the token can import into: its own and its organizations' (first 100 of each). */
export async function listRepositoryChoices(): Promise<RepositoryChoice[]> {
  const own = await request<unknown>(
    'github',
    `${githubPath('repos/list-for-authenticated-user')}?per_page=100`,
  );
  const orgs = await request<unknown>(
    'github',
    `${githubPath('orgs/list-for-authenticated-user')}?per_page=100`,
  );
  const choices = toChoices(own.data);
  const logins = Array.isArray(orgs.data)
    ? orgs.data.flatMap((org: unknown) => {
        const login = isRecord(org) ? stringOf(org.login) : undefined;
        return login === undefined ? [] : [login];
      })
    : [];
  for (const login of logins) {
    const { data } = await request<unknown>(
      'github',
      `${githubPath('repos/list-for-org', { org: login })}?per_page=100`,
    );
    choices.push(...toChoices(data));
  }
  const seen = new Set<string>();
  return choices
    .filter((choice) => (seen.has(choice.fullName) ? false : (seen.add(choice.fullName), true)))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

function rateLimitedForMs(now = Date.now()): number {
  const { blockedUntil } = rateLimitStore.getSnapshot();
  return blockedUntil !== undefined ? Math.max(0, blockedUntil - now) : 0;
}

export const importQueries = {
  all: () => ['imports'] as const,
  repo: (owner: string, repo: string) =>
    [...importQueries.all(), owner.toLowerCase(), repo.toLowerCase()] as const,
  repositories: () =>
    queryOptions({
      queryKey: [...importQueries.all(), 'repositories'] as const,
      queryFn: listRepositoryChoices,
      staleTime: 60_000,
    }),
  status: (owner: string, repo: string) =>
    queryOptions({
      queryKey: [...importQueries.repo(owner, repo), 'status'] as const,
      queryFn: () => getImportStatus(owner, repo),
      // Fresh enough for the page that mounts right after the route prefetched it (prefetch-import.ts);
      // polling keeps it current after that.
      staleTime: 2_000,
      refetchInterval: (query) =>
        importRefetchInterval(query.state.data, unchangedFor(query.state.data), rateLimitedForMs()),
      refetchIntervalInBackground: false,
    }),
  /**
   * Keyed by `authorsVersion`, so authors are fetched again as the raw step discovers more; `expected` is
   * `authorsExpected` of the same status.
   */
  authors: (owner: string, repo: string, version: string, expected?: number) =>
    queryOptions({
      queryKey: [...importQueries.repo(owner, repo), 'authors', version, expected] as const,
      queryFn: () => listCommitAuthors(owner, repo, expected),
      staleTime: Infinity,
      placeholderData: keepPreviousData,
    }),
  largeFiles: (owner: string, repo: string, count: number) =>
    queryOptions({
      queryKey: [...importQueries.repo(owner, repo), 'large-files', count] as const,
      queryFn: () => listLargeFiles(owner, repo),
      staleTime: Infinity,
    }),
};
