import { finiteNumberOf, isRecord, ShapeError, stringOf } from './json';

/**
 * A move's validation (issue 36): each repository counted three ways — the source, the archive Ferry verified,
 * the target — and compared field by field. The counts of one side are parsed here, at the edge, from the
 * aliased GraphQL query a side answers (src/server/moves/validation/count-query.ts).
 */

/** What is counted of a repository, on any of the three sides. */
export interface RepositoryCounts {
  defaultBranch: string | null;
  /** The default branch's head commit; null for an empty repository. */
  headOid: string | null;
  /**
   * Commits reachable from the default branch's head; undefined where not counted (an archive whose pack is
   * larger than its reader's bound: see archive-counts.ts).
   */
  commits?: number;
  branches: number;
  tags: number;
  /** All states. */
  issues: number;
  pullRequests: { open: number; closed: number; merged: number };
  releases: number;
  /** Branch protection rules; undefined where the side was not asked (see count-query.ts). */
  protectedBranches?: number;
}

/** The fields compared, in the order a difference list shows them. */
export const VALIDATION_FIELDS = [
  'repository',
  'defaultBranch',
  'headOid',
  'commits',
  'branches',
  'tags',
  'issues',
  'pullRequests.open',
  'pullRequests.closed',
  'pullRequests.merged',
  'releases',
  'protectedBranches',
] as const;
export type ValidationField = (typeof VALIDATION_FIELDS)[number];

/** One side's value of a field: `null` when that side has no such repository (or no such value). */
export type SideValue = string | number | null;

/** A field whose values differ beyond what GitHub's rules expect (values as each side reported them). */
export interface ValidationDifference {
  field: ValidationField;
  source: SideValue;
  archive: SideValue;
  target: SideValue;
}

/** What `GET /api/moves/{id}` shows per repository once validation ran. */
export interface RepositoryValidation {
  result: 'passed' | 'failed';
  differences: ValidationDifference[];
  /** Why a side could not be counted at all (an archive refused, say); its column is then null. */
  reason?: string;
}

const malformed = (what: string) =>
  new ShapeError('github', `Unexpected ${what} in GitHub’s repository counts.`);

/** A `{ totalCount }` connection's count (a non-negative safe integer). */
function totalCount(value: unknown, what: string): number {
  const count = isRecord(value) ? finiteNumberOf(value.totalCount) : undefined;
  if (count === undefined || count < 0 || !Number.isSafeInteger(count)) throw malformed(what);
  return count;
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * One alias of the count query (`countFields` in count-query.ts): the counts, or null when GitHub answered no
 * repository (missing on that side). `protectedBranches` is read only when the answer holds it.
 */
export function parseRepositoryCounts(value: unknown): RepositoryCounts | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw malformed('repository');
  const ref = value.defaultBranchRef;
  let defaultBranch: string | null = null;
  let headOid: string | null = null;
  let commits = 0;
  if (ref !== null && ref !== undefined) {
    if (!isRecord(ref)) throw malformed('defaultBranchRef');
    defaultBranch = stringOf(ref.name)?.slice(0, 255) ?? null;
    if (defaultBranch === null) throw malformed('defaultBranchRef name');
    const target = ref.target;
    if (isRecord(target)) {
      const oid = stringOf(target.oid);
      if (oid === undefined || !OID.test(oid)) throw malformed('head oid');
      headOid = oid;
      commits = totalCount(target.history, 'history');
    } else if (target !== null && target !== undefined) throw malformed('defaultBranchRef target');
  }
  return {
    defaultBranch,
    headOid,
    commits,
    branches: totalCount(value.branches, 'branches'),
    tags: totalCount(value.tags, 'tags'),
    issues: totalCount(value.issues, 'issues'),
    pullRequests: {
      open: totalCount(value.openPullRequests, 'open pull requests'),
      closed: totalCount(value.closedPullRequests, 'closed pull requests'),
      merged: totalCount(value.mergedPullRequests, 'merged pull requests'),
    },
    releases: totalCount(value.releases, 'releases'),
    ...(value.branchProtectionRules === undefined
      ? {}
      : { protectedBranches: totalCount(value.branchProtectionRules, 'branch protection rules') }),
  };
}
