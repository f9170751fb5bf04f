import { isRecord } from '@/contracts/json';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { ArchiveCountError } from './archive-count-error';

/**
 * Counts of GitHub's migration records per repository, as GEI imports them: each record names its repository
 * by URL (`repository`, or `repository_url` for protected branches); a pull request is merged when it has `merged_at`,
 * else closed when it has `closed_at`, else open.
 */
export type RecordCounts = Pick<RepositoryCounts, 'issues' | 'pullRequests' | 'releases'> & {
  protectedBranches: number;
};

/** Repositories the records of one archive may name (each is a map key: bounded, see threats.md). */
export const MAX_RECORD_REPOSITORIES = 10_000;

export const emptyRecordCounts = (): RecordCounts => ({
  issues: 0,
  pullRequests: { open: 0, closed: 0, merged: 0 },
  releases: 0,
  protectedBranches: 0,
});

/** `owner/name` (lower case) of a record's repository URL, or undefined. */
function repositoryOf(record: Record<string, unknown>): string | undefined {
  // Protected branches name it `repository_url`; the other records `repository`.
  const url = record.repository ?? record.repository_url;
  if (typeof url !== 'string' || url.length > 2_000) return undefined;
  const match = /\/([^/]+)\/([^/]+?)\/?$/.exec(url);
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined;
}

/** Adds one record file's records (`issues_000001.json`, …) to `into`; throws when it is not a JSON array. */
export function countRecords(into: Map<string, RecordCounts>, fileName: string, body: Buffer): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ArchiveCountError(`${fileName} is not valid JSON.`);
  }
  if (!Array.isArray(parsed)) throw new ArchiveCountError(`${fileName} is not a JSON array.`);
  const kind = fileName.slice(0, fileName.lastIndexOf('_'));
  for (const record of parsed) {
    if (!isRecord(record)) continue;
    const key = repositoryOf(record);
    if (!key) continue;
    let counts = into.get(key);
    if (!counts) {
      if (into.size >= MAX_RECORD_REPOSITORIES)
        throw new ArchiveCountError(`The records name more than ${MAX_RECORD_REPOSITORIES} repositories.`);
      into.set(key, (counts = emptyRecordCounts()));
    }
    if (kind === 'issues') counts.issues += 1;
    else if (kind === 'releases') counts.releases += 1;
    else if (kind === 'protected_branches') counts.protectedBranches += 1;
    else if (record.merged_at) counts.pullRequests.merged += 1;
    else if (record.closed_at) counts.pullRequests.closed += 1;
    else counts.pullRequests.open += 1;
  }
}
