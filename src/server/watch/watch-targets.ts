import { isMigrationFinished, migrationStateOf } from '@/contracts/github/migration';
import type { WatchKind } from '@/contracts/github/operations';
import { importStatusOf, isImportFinished, isImportWaitingForUser } from '@/contracts/github/source-import';
import { importSubject, migrationSubject } from '@/contracts/github/subjects';
import type { Match } from '../allow-list';

/**
 * What the shared watcher follows: the operations the table in src/contracts/github/operations.ts marks
 * `watch` (one migration, one import, a list of migrations, or the repositories of a migration: fixed once
 * it exists, shared, never polled).
 */
export type { WatchKind };

export interface WatchTarget {
  /** The upstream path with its query: one snapshot per key. */
  key: string;
  kind: WatchKind;
  /** The timeline subject (none for lists). */
  subject?: string;
}

export function subjectOf(match: Match): string | undefined {
  const { params, operation } = match;
  if (operation.id.startsWith('migrations/') && params.migration_id) {
    return migrationSubject(
      params.org ? { kind: 'org', org: params.org } : { kind: 'user' },
      params.migration_id,
    );
  }
  if (params.owner && params.repo && operation.path.includes('/import'))
    return importSubject(params.owner, params.repo);
  return undefined;
}

/** A watch followed with a credential other than the operation's default: its key says which. */
const AS = '#as=';

export function watchTargetOf(match: Match, search: string, credential?: string): WatchTarget | undefined {
  const kind = match.operation.watch;
  if (!kind) return undefined;
  const key = `${match.path}${search}${credential ? `${AS}${credential}` : ''}`;
  return { key, kind, subject: kind === 'repos' ? undefined : subjectOf(match) };
}

/** The upstream path (with its query) and the credential of a watch key. */
export function splitWatchKey(key: string): { path: string; credential?: string } {
  const at = key.indexOf(AS);
  return at < 0 ? { path: key } : { path: key.slice(0, at), credential: key.slice(at + AS.length) };
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
    return [`${base}/${params.migration_id}`, `${base}?`, `${base}${AS}`];
  return [];
}

export interface ObservedState {
  state: string;
  terminal: boolean;
  waiting: boolean;
}

/** The state a body shows; an unreadable body is `unknown` and keeps being watched. */
export function observedState(kind: WatchKind, body: unknown): ObservedState {
  if (kind === 'repos') return { state: 'listed', terminal: true, waiting: false };
  if (kind === 'migration') {
    const state = migrationStateOf(body) ?? 'unknown';
    return { state, terminal: isMigrationFinished(state), waiting: false };
  }
  if (kind === 'import') {
    const state = importStatusOf(body) ?? 'unknown';
    return { state, terminal: isImportFinished(state), waiting: isImportWaitingForUser(state) };
  }
  const states = Array.isArray(body) ? body.map((item) => migrationStateOf(item) ?? 'unknown') : [];
  const active = states.some((state) => !isMigrationFinished(state));
  return { state: active ? 'active' : 'settled', terminal: !active, waiting: false };
}
