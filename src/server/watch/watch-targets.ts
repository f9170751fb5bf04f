import type { Match } from '../allow-list';

/**
 * What the shared watcher follows: one migration, one import, a list of migrations, or the repositories of a
 * migration (fixed once it exists: shared, never polled).
 */
export type WatchKind = 'migration' | 'import' | 'list' | 'repos';

export interface WatchTarget {
  /** The upstream path with its query: one snapshot per key. */
  key: string;
  kind: WatchKind;
  /** The timeline subject (none for lists). */
  subject?: string;
}

const KINDS: Record<string, WatchKind> = {
  'migrations/get-status-for-org': 'migration',
  'migrations/get-status-for-authenticated-user': 'migration',
  'migrations/get-import-status': 'import',
  'migrations/list-for-org': 'list',
  'migrations/list-for-authenticated-user': 'list',
  'migrations/list-repos-for-org': 'repos',
  'migrations/list-repos-for-authenticated-user': 'repos',
};

export function subjectOf(match: Match): string | undefined {
  const { params, operation } = match;
  if (operation.id.startsWith('migrations/') && params.migration_id) {
    return params.org
      ? `org/${params.org}/migration/${params.migration_id}`
      : `user/migration/${params.migration_id}`;
  }
  if (params.owner && params.repo && operation.path.includes('/import'))
    return `repo/${params.owner}/${params.repo}/import`;
  return undefined;
}

export function watchTargetOf(match: Match, search: string): WatchTarget | undefined {
  const kind = KINDS[match.operation.id];
  if (!kind) return undefined;
  return { key: `${match.path}${search}`, kind, subject: kind === 'repos' ? undefined : subjectOf(match) };
}

/**
 * Keys a successful write makes stale: starting an export changes the owner's lists, deleting an archive
 * changes that migration, any import write changes the import.
 */
export function stalePrefixes(match: Match): string[] {
  const { params, operation } = match;
  if (operation.method === 'GET') return [];
  if (params.owner && params.repo) return [`repos/${params.owner}/${params.repo}/import`];
  const base = params.org ? `orgs/${params.org}/migrations` : 'user/migrations';
  if (operation.id.startsWith('migrations/start-for')) return [base];
  if (operation.id.startsWith('migrations/delete-archive'))
    return [`${base}/${params.migration_id}`, `${base}?`];
  return [];
}

const MIGRATION_TERMINAL = new Set(['exported', 'failed']);
const IMPORT_TERMINAL = new Set(['complete', 'error']);
/** Import states that wait for the user's remedy: nothing changes until someone acts. */
const IMPORT_WAITING = new Set([
  'auth_failed',
  'choose',
  'detection_found_multiple',
  'detection_found_nothing',
  'detection_needs_auth',
  'none',
]);

export interface ObservedState {
  state: string;
  terminal: boolean;
  waiting: boolean;
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The state a body shows; an unreadable body is `unknown` and keeps being watched. */
export function observedState(kind: WatchKind, body: unknown): ObservedState {
  if (kind === 'repos') return { state: 'listed', terminal: true, waiting: false };
  if (kind === 'migration') {
    const state = field(body, 'state') ?? 'unknown';
    return { state, terminal: MIGRATION_TERMINAL.has(state), waiting: false };
  }
  if (kind === 'import') {
    const state = field(body, 'status') ?? 'unknown';
    return { state, terminal: IMPORT_TERMINAL.has(state), waiting: IMPORT_WAITING.has(state) };
  }
  const states = Array.isArray(body) ? body.map((item) => field(item, 'state') ?? 'unknown') : [];
  const active = states.some((state) => !MIGRATION_TERMINAL.has(state));
  return { state: active ? 'active' : 'settled', terminal: !active, waiting: false };
}
