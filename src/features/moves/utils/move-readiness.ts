import Papa from 'papaparse';
import { LEFT_BEHIND_WORDS, READINESS_WORDS, type Readiness } from '@/contracts/inventory';
import type { MovePlannedRepository } from '@/contracts/moves';
import { checkLabel } from './move-format';

/** The readiness filter: every repository, or those of one readiness. */
export type ReadinessFilter = 'all' | Readiness;
export type ReadinessSort = 'name' | 'readiness' | 'left-behind';

const ORDER: Record<Readiness, number> = { blocked: 0, 'needs-work': 1, ready: 2 };

/** A repository's readiness: the gateway's, else (no inventory asked) from its checks alone. */
export const readinessOfRow = (repo: MovePlannedRepository): Readiness =>
  repo.readiness ?? (repo.ready ? 'ready' : 'blocked');

/** How many repositories of each readiness. */
export function readinessCounts(repositories: readonly MovePlannedRepository[]): Record<Readiness, number> {
  const counts: Record<Readiness, number> = { ready: 0, 'needs-work': 0, blocked: 0 };
  for (const repo of repositories) counts[readinessOfRow(repo)]++;
  return counts;
}

/** "4 ready, 8 need work, 2 blocked": the readiness at a glance (a phone's folded section). */
export function readinessSummary(repositories: readonly MovePlannedRepository[]): string {
  const counts = readinessCounts(repositories);
  return `${counts.ready} ready, ${counts['needs-work']} ${counts['needs-work'] === 1 ? 'needs' : 'need'} work, ${counts.blocked} blocked`;
}

/** The rows a filter keeps, sorted (blocked first for `readiness`, most left behind first for `left-behind`). */
export function readinessRows(
  repositories: readonly MovePlannedRepository[],
  filter: ReadinessFilter,
  sort: ReadinessSort,
): MovePlannedRepository[] {
  const kept = repositories.filter((repo) => filter === 'all' || readinessOfRow(repo) === filter);
  const byName = (a: MovePlannedRepository, b: MovePlannedRepository) => a.name.localeCompare(b.name);
  const kinds = (repo: MovePlannedRepository) => repo.leftBehind?.length ?? 0;
  return [...kept].sort((a, b) =>
    sort === 'readiness'
      ? ORDER[readinessOfRow(a)] - ORDER[readinessOfRow(b)] || byName(a, b)
      : sort === 'left-behind'
        ? kinds(b) - kinds(a) || byName(a, b)
        : byName(a, b),
  );
}

/** What blocks a repository: each failing check's label and reason. */
export const blockersOf = (repo: MovePlannedRepository) =>
  repo.checks.filter((check) => !check.ok).map((check) => `${checkLabel(check.check)}: ${check.reason}`);

/** A kind as one line: "Webhooks (2): url, url". */
export const leftBehindText = (item: NonNullable<MovePlannedRepository['leftBehind']>[number]) =>
  `${LEFT_BEHIND_WORDS[item.kind].label} (${item.count})${item.detail ? `: ${item.detail}` : ''}`;

/** The readiness list as JSON: one object per repository, what the page shows. */
export function readinessJson(repositories: readonly MovePlannedRepository[]): string {
  return `${JSON.stringify(
    repositories.map((repo) => ({
      name: repo.name,
      targetName: repo.targetName,
      readiness: readinessOfRow(repo),
      blockers: blockersOf(repo),
      leftBehind: repo.leftBehind ?? [],
      inventoryReadAt: repo.inventoryReadAt ?? null,
    })),
    null,
    2,
  )}\n`;
}

/** A cell a spreadsheet reads as a formula (its first character); papaparse prefixes it with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The readiness list as CSV (RFC 4180 by papaparse, formulas escaped): a column per left-behind kind with its
 * count, then what blocks and the details.
 */
export function readinessCsv(repositories: readonly MovePlannedRepository[]): string {
  const kinds = Object.keys(LEFT_BEHIND_WORDS) as (keyof typeof LEFT_BEHIND_WORDS)[];
  const fields = ['repository', 'target_name', 'readiness', ...kinds, 'blockers', 'left_behind', 'read_at'];
  const data = repositories.map((repo) => {
    const counts = new Map((repo.leftBehind ?? []).map((item) => [item.kind, item.count]));
    return [
      repo.name,
      repo.targetName,
      READINESS_WORDS[readinessOfRow(repo)],
      ...kinds.map((kind) => String(counts.get(kind) ?? 0)),
      blockersOf(repo).join(' | '),
      (repo.leftBehind ?? []).map(leftBehindText).join(' | '),
      repo.inventoryReadAt ?? '',
    ].map((cell) => cell.replace(/[\r\n]+/g, ' '));
  });
  return `${Papa.unparse({ fields, data }, { escapeFormulae: FORMULA_START })}\r\n`;
}
