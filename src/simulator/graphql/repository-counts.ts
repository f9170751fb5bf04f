import { countOnly } from './connection';

/** What validators count of a repository (both simulated GitHubs answer these from their own model). */
export interface RepositoryCounts {
  defaultBranch: string;
  headOid: string | null;
  commitCount: number;
  branches: number;
  tags: number;
  /** On the target: the archive's issues plus the "Migration Log" issue. */
  issues: number;
  /** Of those, the closed ones. */
  closedIssues: number;
  pullRequests: { open: number; closed: number; merged: number };
  releases: number;
}

type PullState = keyof RepositoryCounts['pullRequests'];

/**
 * A `Repository`'s count fields as GitHub answers them: `issues(states:)`, `pullRequests(states:)`, `releases`,
 * `refs(refPrefix:)` (branches under `refs/heads/`, tags under `refs/tags/`, both under `refs/`) and
 * `defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } }`. `headOid` is asked only
 * when a query selects `oid` (the source builds its Git data for it).
 */
export function repositoryCountFields(
  counts: Omit<RepositoryCounts, 'headOid'>,
  headOid: (() => string) | null,
  refNodeId: string,
) {
  const pulls = (states?: string[] | null) =>
    (!states || states.length === 0 ? ['OPEN', 'CLOSED', 'MERGED'] : states).reduce(
      (sum, s) => sum + (counts.pullRequests[s.toLowerCase() as PullState] ?? 0),
      0,
    );
  const refs = (prefix: string) =>
    (prefix === 'refs/heads/' || prefix === 'refs/' ? counts.branches : 0) +
    (prefix === 'refs/tags/' || prefix === 'refs/' ? counts.tags : 0);
  return {
    issues: (args: { states?: string[] | null }) => {
      const states = args.states && args.states.length > 0 ? args.states : ['OPEN', 'CLOSED'];
      const open = counts.issues - counts.closedIssues;
      return countOnly(
        (states.includes('OPEN') ? open : 0) + (states.includes('CLOSED') ? counts.closedIssues : 0),
      );
    },
    pullRequests: (args: { states?: string[] | null }) => countOnly(pulls(args.states)),
    releases: () => countOnly(counts.releases),
    refs: (args: { refPrefix: string }) => countOnly(refs(args.refPrefix)),
    defaultBranchRef: headOid
      ? {
          __typename: 'Ref',
          id: refNodeId,
          name: counts.defaultBranch,
          prefix: 'refs/heads/',
          target: {
            __typename: 'Commit',
            id: () => `C_${headOid()}`,
            oid: headOid,
            history: () => countOnly(counts.commitCount),
          },
        }
      : null,
  };
}
