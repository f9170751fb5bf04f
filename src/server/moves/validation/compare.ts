import type {
  RepositoryCounts,
  RepositoryValidation,
  SideValue,
  ValidationDifference,
  ValidationField,
} from '@/contracts/moves-validation';

/**
 * Three ways, field by field: the source, the archive Ferry verified, the target. The archive is the reference
 * the import was made from; the source must still equal it (nothing changed after the export), the target must
 * equal what GitHub's rules make of it:
 * - issues: the archive's plus one, the "Migration Log" issue GEI opens in every imported repository;
 * - releases: none when the move skipped them (`skipReleases`, or a GHES older than 3.5.0, whose releases GEI
 *   does not take);
 * - a field a side was not asked (`undefined`: the target's branch protection rules today) is not compared there.
 * What GEI does not migrate at all (teams, secrets, LFS objects, webhooks, …) is not counted, so never a difference.
 */
export interface CompareOptions {
  releasesMigrated: boolean;
}

export interface ThreeSides {
  source: RepositoryCounts | null;
  archive: RepositoryCounts | null;
  target: RepositoryCounts | null;
}

type Read = (counts: RepositoryCounts) => SideValue | undefined;

const FIELDS: [Exclude<ValidationField, 'repository'>, Read][] = [
  ['defaultBranch', (c) => c.defaultBranch],
  ['headOid', (c) => c.headOid],
  ['commits', (c) => c.commits],
  ['branches', (c) => c.branches],
  ['tags', (c) => c.tags],
  ['issues', (c) => c.issues],
  ['pullRequests.open', (c) => c.pullRequests.open],
  ['pullRequests.closed', (c) => c.pullRequests.closed],
  ['pullRequests.merged', (c) => c.pullRequests.merged],
  ['releases', (c) => c.releases],
  ['protectedBranches', (c) => c.protectedBranches],
];

/** The target's value GitHub's rules make of the archive's. */
function expectedOnTarget(field: ValidationField, archive: SideValue, options: CompareOptions): SideValue {
  if (field === 'issues' && typeof archive === 'number') return archive + 1;
  if (field === 'releases' && !options.releasesMigrated) return 0;
  return archive;
}

export function compareRepository(sides: ThreeSides, options: CompareOptions): RepositoryValidation {
  const { source, archive, target } = sides;
  if (!source || !archive || !target) {
    const present = (counts: RepositoryCounts | null) => (counts ? 'present' : null);
    return {
      result: 'failed',
      differences: [
        { field: 'repository', source: present(source), archive: present(archive), target: present(target) },
      ],
    };
  }
  const differences: ValidationDifference[] = [];
  for (const [field, read] of FIELDS) {
    const [s, a, t] = [read(source), read(archive), read(target)];
    // The reference is the archive; a field the archive lacks is held to the source's value.
    const reference = a === undefined ? s : a;
    if (reference === undefined) continue;
    const sourceDiffers = s !== undefined && s !== reference;
    const targetDiffers = t !== undefined && t !== expectedOnTarget(field, reference, options);
    if (sourceDiffers || targetDiffers)
      differences.push({ field, source: s ?? null, archive: a ?? null, target: t ?? null });
  }
  return { result: differences.length === 0 ? 'passed' : 'failed', differences };
}
