import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { parseTimeline, parseUnlocks, type TimelineEntry } from '@/contracts/ferry';
import { parseWaveSummaries } from '@/contracts/wave-answers';
import { request } from '@/lib/api-client';
import { pageOf, parseLinkHeader } from '@/lib/link-header';
import { unchangedFor } from '@/lib/polling-policy';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { migrationPollInterval } from '../utils/migration-polling';
import { parseMigration, parseMigrationList, type Migration } from '@/contracts/github/migration';
import { githubPath } from '@/contracts/github/operations';
import { parseOrgList, parseRepositoryRefs, type RepositoryRef } from '@/contracts/github/repository';
import { migrationSubject, ownerKey } from '@/contracts/github/subjects';
import { migrationApiPath, scopeKey, type MigrationScope } from '../utils/scope';

export interface Page<T> {
  items: T[];
  page: number;
  /** From the Link header's `last` (or this page when there is no next). */
  lastPage: number;
  hasNext: boolean;
}

export const MIGRATIONS_PER_PAGE = 10;
export const REPOS_PER_PAGE = 20;
/** Pickers and searches read at most this many pages of 100. */
const MAX_PAGES = 10;

function pageFrom<T>(items: T[], headers: Headers, page: number): Page<T> {
  const links = parseLinkHeader(headers.get('link'));
  const hasNext = Boolean(links.next);
  return { items, page, hasNext, lastPage: pageOf(links.last) ?? (hasNext ? page + 1 : page) };
}

function rateLimitedForMs(): number {
  return Math.max(0, (rateLimitStore.getSnapshot().blockedUntil ?? 0) - Date.now());
}

async function readAll<T>(path: string, parse: (value: unknown) => T[], extra: Record<string, string> = {}) {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, headers } = await request<unknown>('github', path, {
      searchParams: { ...extra, per_page: '100', page: String(page) },
    });
    all.push(...parse(data));
    if (!parseLinkHeader(headers.get('link')).next) break;
  }
  return all;
}

export async function getMigrations(scope: MigrationScope, page: number): Promise<Page<Migration>> {
  const { data, headers } = await request<unknown>('github', migrationApiPath(scope, 'list'), {
    searchParams: { per_page: String(MIGRATIONS_PER_PAGE), page: String(page) },
  });
  return pageFrom(parseMigrationList(data), headers, page);
}

export async function getMigration(scope: MigrationScope, id: number): Promise<Migration> {
  const { data } = await request<unknown>('github', migrationApiPath(scope, 'status', { migration_id: id }));
  return parseMigration(data);
}

export async function getMigrationRepos(
  scope: MigrationScope,
  id: number,
  page: number,
): Promise<Page<RepositoryRef>> {
  const { data, headers } = await request<unknown>(
    'github',
    migrationApiPath(scope, 'repositories', { migration_id: id }),
    {
      searchParams: { per_page: String(REPOS_PER_PAGE), page: String(page) },
    },
  );
  return pageFrom(parseRepositoryRefs(data), headers, page);
}

export interface RememberedMigration {
  events: TimelineEntry[];
  unlocked: string[];
}

/** What the gateway's store remembers of a migration: every browser's timeline and unlocks. */
export async function getRemembered(scope: MigrationScope, id: number): Promise<RememberedMigration> {
  const owner = ownerKey(scope);
  const subject = migrationSubject(scope, id);
  const [timeline, unlocks] = await Promise.all([
    request<unknown>('gateway', 'ferry/timeline', { searchParams: { subject } }),
    request<unknown>('gateway', 'ferry/unlocks', { searchParams: { owner, migration: String(id) } }),
  ]);
  return {
    events: parseTimeline(timeline.data).events,
    unlocked: parseUnlocks(unlocks.data).unlocks.map((unlock) => unlock.repoName),
  };
}

/** Other browsers' unlocks and the watcher's events arrive this often while a migration page is open. */
export const REMEMBERED_REFRESH_MS = 15_000;

export const migrationQueries = {
  all: () => ['migrations'] as const,
  scope: (scope: MigrationScope) => [...migrationQueries.all(), scopeKey(scope)] as const,
  list: (scope: MigrationScope, page: number) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'list', page] as const,
      queryFn: () => getMigrations(scope, page),
      placeholderData: keepPreviousData,
      // Coming back to a list shows where exports are now: the gateway answers from its watcher, free.
      refetchOnMount: 'always',
      refetchInterval: (query) =>
        migrationPollInterval({
          states: query.state.data?.items.map((migration) => migration.state),
          unchangedMs: unchangedFor(query.state.data),
          rateLimitedForMs: rateLimitedForMs(),
        }),
    }),
  /** Ferry's waves, to say which exports a wave started (the gateway answers; GitHub is not asked). */
  waves: () =>
    queryOptions({
      queryKey: [...migrationQueries.all(), 'waves'] as const,
      queryFn: async () => parseWaveSummaries((await request<unknown>('gateway', 'waves')).data),
      refetchInterval: (query) =>
        query.state.data?.some((wave) => wave.state === 'running' || wave.state === 'paused')
          ? 10_000
          : false,
    }),
  detail: (scope: MigrationScope, id: number) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'detail', id] as const,
      queryFn: () => getMigration(scope, id),
      refetchOnMount: 'always',
      refetchInterval: (query) =>
        migrationPollInterval({
          states: query.state.data ? [query.state.data.state] : undefined,
          unchangedMs: unchangedFor(query.state.data),
          rateLimitedForMs: rateLimitedForMs(),
        }),
    }),
  repositories: (scope: MigrationScope, id: number, page: number) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'detail', id, 'repositories', page] as const,
      queryFn: () => getMigrationRepos(scope, id, page),
      placeholderData: keepPreviousData,
    }),
  remembered: (scope: MigrationScope, id: number) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'detail', id, 'remembered'] as const,
      queryFn: () => getRemembered(scope, id),
      refetchInterval: REMEMBERED_REFRESH_MS,
      // Ferry's own store: when it does not answer, the page shows this browser's memory alone.
      retry: 1,
    }),
  /** Every migration of the scope (for finding a locked repository by name). */
  everything: (scope: MigrationScope) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'everything'] as const,
      queryFn: () => readAll(migrationApiPath(scope, 'list'), parseMigrationList),
    }),
  /** The repositories one could export: the organization's, or the user's own. */
  candidates: (scope: MigrationScope) =>
    queryOptions({
      queryKey: [...migrationQueries.scope(scope), 'candidates'] as const,
      queryFn: () =>
        scope.kind === 'org'
          ? readAll(githubPath('repos/list-for-org', { org: scope.org }), parseRepositoryRefs)
          : readAll(githubPath('repos/list-for-authenticated-user'), parseRepositoryRefs, { type: 'owner' }),
      staleTime: 60_000,
    }),
  userOrgs: () =>
    queryOptions({
      queryKey: [...migrationQueries.all(), 'user-orgs'] as const,
      queryFn: () => readAll(githubPath('orgs/list-for-authenticated-user'), parseOrgList),
      staleTime: 60_000,
    }),
};
