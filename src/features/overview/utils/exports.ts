import { isMigrationFinished, type Migration } from '@/contracts/github/migration';
import { migrationSubject, type MigrationOwner } from '@/contracts/github/subjects';
import type { WaveExport, WaveSummary } from '@/contracts/waves';
import { archiveExpiresAt } from '@/lib/archive-expiry';

/** Whose export: an organization's (`orgs/{org}/migrations`) or the user's own (`user/migrations`). */
export type ExportOwner = MigrationOwner;

/** The fields of GitHub's `migration` the overview shows (read by src/contracts/github/migration.ts). */
export interface ExportSummary {
  owner: ExportOwner;
  id: number;
  state: string;
  repositories: string[];
  createdAt: number;
  updatedAt: number;
}

export function exportSummary(owner: ExportOwner, migration: Migration): ExportSummary {
  const { id, state, createdAt, updatedAt } = migration;
  return {
    owner,
    id,
    state,
    createdAt,
    updatedAt,
    repositories: migration.repositories.map((repo) => repo.name),
  };
}

export function exportKey(item: Pick<ExportSummary, 'owner' | 'id'>): string {
  return migrationSubject(item.owner, item.id);
}

/** "Export 42 of octo-org", "Your export 7". */
export function exportLabel(item: Pick<ExportSummary, 'owner' | 'id'>): string {
  return item.owner.kind === 'org' ? `Export ${item.id} of ${item.owner.org}` : `Your export ${item.id}`;
}

export type ExportGroupName = 'expiring' | 'running' | 'failed' | 'exported' | 'expired';

export interface ExportGroup {
  name: ExportGroupName;
  title: string;
  items: (ExportSummary & { expiresAt?: number })[];
}

/** Archives deleted within this long are listed first. */
export const EXPIRING_SOON_MS = 48 * 3_600_000;

const GROUP_TITLES: Record<ExportGroupName, string> = {
  expiring: 'Archives deleted within 48 hours',
  running: 'Running',
  failed: 'Failed',
  exported: 'Archives available',
  expired: 'Archives deleted by GitHub',
};
const ORDER: ExportGroupName[] = ['expiring', 'running', 'failed', 'exported', 'expired'];

function groupOf(state: string, expiresAt: number | undefined, now: number): ExportGroupName {
  if (state === 'failed') return 'failed';
  if (!isMigrationFinished(state) || expiresAt === undefined) return 'running';
  if (expiresAt <= now) return 'expired';
  return expiresAt - now <= EXPIRING_SOON_MS ? 'expiring' : 'exported';
}

/**
 * Exports by state, archives about to be deleted first (soonest first), then running ones, failed ones,
 * available archives and finally those GitHub has deleted; newest first within a group. Empty groups are left out.
 */
export function groupExports(items: readonly ExportSummary[], now: number): ExportGroup[] {
  const groups = new Map<ExportGroupName, ExportGroup['items']>();
  for (const item of items) {
    const expiresAt = archiveExpiresAt(item.state, item.updatedAt);
    const name = groupOf(item.state, expiresAt, now);
    groups.set(name, [...(groups.get(name) ?? []), { ...item, expiresAt }]);
  }
  return ORDER.flatMap((name) => {
    const members = groups.get(name);
    if (!members) return [];
    const sorted = [...members].sort((a, b) =>
      name === 'expiring' ? (a.expiresAt ?? 0) - (b.expiresAt ?? 0) : b.createdAt - a.createdAt,
    );
    return [{ name, title: GROUP_TITLES[name], items: sorted }];
  });
}

/** A wave with the exports it started that the overview folds under it. */
export interface WaveWithExports {
  wave: WaveSummary;
  exports: (ExportSummary & { outcome: WaveExport['outcome'] })[];
}

/**
 * Exports a wave started are the wave's business: a failure it retried or split is not the user's, and an
 * archive it holds verified is not about to be lost. They are folded under their wave; the rest stay loose.
 */
export function foldWaveExports(
  items: readonly ExportSummary[],
  waves: readonly WaveSummary[],
): { loose: ExportSummary[]; waves: WaveWithExports[] } {
  const owners = new Map<string, { index: number; outcome: WaveExport['outcome'] }>();
  waves.forEach((wave, index) => {
    const owner: ExportOwner =
      wave.owner.kind === 'org' ? { kind: 'org', org: wave.owner.login } : { kind: 'user' };
    for (const started of wave.exports)
      owners.set(migrationSubject(owner, started.migrationId), { index, outcome: started.outcome });
  });
  const folded: WaveWithExports[] = waves.map((wave) => ({ wave, exports: [] }));
  const loose: ExportSummary[] = [];
  for (const item of items) {
    const owner = owners.get(exportKey(item));
    if (owner) folded[owner.index]?.exports.push({ ...item, outcome: owner.outcome });
    else loose.push(item);
  }
  return { loose, waves: folded };
}

/**
 * What the exports section says when every export is folded away, and where they went. A move's own wave is
 * left out of the waves section (the moves section lists its move), so its exports are said to be the move's;
 * `moveWaveIds` undefined (the moves not known yet): every wave is listed, so every export is a wave's.
 */
export function foldedExportsText(
  waves: readonly WaveWithExports[],
  moveWaveIds: ReadonlySet<string> | undefined,
): string {
  let byMoves = 0;
  let byWaves = 0;
  for (const { wave, exports } of waves) {
    if (moveWaveIds?.has(wave.id)) byMoves += exports.length;
    else byWaves += exports.length;
  }
  if (byMoves === 0) return 'Every export belongs to a migration wave, listed with its wave above.';
  if (byWaves === 0)
    return 'Every export was started by a move, listed above: its page follows each repository from the export to the validation.';
  return 'Every export was started by a move or a migration wave, each listed above.';
}
