import { parseWaveSummaries } from '@/contracts/wave-answers';
import { importStatusOf } from '@/contracts/github/source-import';
import { queryOptions } from '@tanstack/react-query';
import {
  ABSENT_HEADER,
  parseRateHistory,
  parseRecent,
  parseWatched,
  type RecentKind,
} from '@/contracts/ferry';
import { request } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { unchangedFor } from '@/lib/polling-policy';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { isMigrationFinished, readMigrations } from '@/contracts/github/migration';
import { githubPath } from '@/contracts/github/operations';
import { isRecord } from '@/contracts/json';
import { exportSummary, type ExportOwner, type ExportSummary } from '../utils/exports';
import { overviewPollInterval } from '../utils/overview-polling';

/** Lists read at most this many pages of 100 per owner. */
const MAX_PAGES = 3;

async function readPages(path: string): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, headers } = await request<unknown>('github', path, {
      searchParams: { per_page: '100', page: String(page) },
    });
    if (Array.isArray(data)) all.push(...(data as unknown[]));
    // Only whether there is a next page matters here: no need for the full Link parser on the first page.
    if (!/rel="next"/.test(headers.get('link') ?? '')) break;
  }
  return all;
}

/** An organization whose exports the token may not list (not an owner, or gone) is skipped, not an error. */
async function exportsOf(owner: ExportOwner): Promise<ExportSummary[]> {
  const path =
    owner.kind === 'org'
      ? githubPath('migrations/list-for-org', { org: owner.org })
      : githubPath('migrations/list-for-authenticated-user');
  try {
    return readMigrations(await readPages(path)).map((migration) => exportSummary(owner, migration));
  } catch (error) {
    if (owner.kind === 'org' && isApiError(error) && (error.status === 403 || error.status === 404))
      return [];
    throw error;
  }
}

/** Every export of the organizations the token can see and of the user. */
export async function getAllExports(): Promise<ExportSummary[]> {
  const orgs = (await readPages(githubPath('orgs/list-for-authenticated-user'))).flatMap((org: unknown) =>
    isRecord(org) && typeof org.login === 'string' ? [org.login] : [],
  );
  const owners: ExportOwner[] = [...orgs.map((org) => ({ kind: 'org' as const, org })), { kind: 'user' }];
  return (await Promise.all(owners.map(exportsOf))).flat();
}

/** GitHub's status of a repository's import; `none` when the repository has no import (404, or `200 null`). */
export async function getImportStatus(owner: string, repo: string): Promise<string> {
  try {
    const { data } = await request<unknown>(
      'github',
      githubPath('migrations/get-import-status', { owner, repo }),
      { headers: { [ABSENT_HEADER]: 'null' } },
    );
    if (data === null) return 'none';
    return importStatusOf(data) ?? 'unknown';
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 'none';
    throw error;
  }
}

function rateLimitedForMs(): number {
  return Math.max(0, (rateLimitStore.getSnapshot().blockedUntil ?? 0) - Date.now());
}

/** The budget's recent history, on the upstream's clock. */
export const HISTORY_SPAN_MS = 3_600_000;
/** The gateway samples `/rate_limit` once a minute. */
const HISTORY_REFRESH_MS = 60_000;

export const overviewQueries = {
  all: () => ['overview'] as const,
  exports: () =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'exports'] as const,
      queryFn: getAllExports,
      refetchInterval: (query) =>
        overviewPollInterval({
          states: query.state.data?.map((item) => item.state),
          isTerminal: isMigrationFinished,
          unchangedMs: unchangedFor(query.state.data),
          rateLimitedForMs: rateLimitedForMs(),
        }),
    }),
  coreHistory: () =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'rate-history', 'core'] as const,
      queryFn: async () => {
        const since = Date.now() + rateLimitStore.getSnapshot().clockOffsetMs - HISTORY_SPAN_MS;
        const { data } = await request<unknown>('gateway', 'ferry/rate-history', {
          searchParams: { resource: 'core', since: new Date(since).toISOString(), step: '60' },
        });
        return parseRateHistory(data);
      },
      refetchInterval: HISTORY_REFRESH_MS,
    }),
  watched: () =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'watched'] as const,
      queryFn: async () => parseWatched((await request<unknown>('gateway', 'ferry/watched')).data),
      // The gateway answers from what its watcher last saw: asking it costs GitHub nothing.
      refetchInterval: (query) =>
        overviewPollInterval({
          states: query.state.data?.items.map((item) => (item.terminal ? 'ended' : 'running')),
          isTerminal: (state) => state === 'ended',
          unchangedMs: unchangedFor(query.state.data),
          rateLimitedForMs: 0,
        }),
    }),
  /** Ferry's waves: the gateway runs them, so asking costs GitHub nothing. */
  waves: () =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'waves'] as const,
      queryFn: async () => parseWaveSummaries((await request<unknown>('gateway', 'waves')).data),
      refetchInterval: (query) =>
        overviewPollInterval({
          states: query.state.data?.map((wave) => wave.state),
          isTerminal: (state) => state === 'completed' || state === 'cancelled',
          unchangedMs: unchangedFor(query.state.data),
          rateLimitedForMs: 0,
        }),
    }),
  /** An import opened recently that the gateway does not watch: asked once, from GitHub. */
  importStatus: (owner: string, repo: string) =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'import', owner, repo] as const,
      queryFn: () => getImportStatus(owner, repo),
      staleTime: 60_000,
    }),
  recent: (kind: RecentKind) =>
    queryOptions({
      queryKey: [...overviewQueries.all(), 'recent', kind] as const,
      queryFn: async () =>
        parseRecent((await request<unknown>('gateway', 'ferry/recent', { searchParams: { kind } })).data),
      staleTime: 30_000,
    }),
};
