import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { request } from '@/lib/api-client';
import { migrationApiPath, type MigrationScope } from '../utils/scope';

export type UnlockOutcome = 'unlocked' | 'not-locked';

/** Unlock one repository of a migration. GitHub answers 404 when it is not locked (any more): not a failure. */
export async function unlockRepo(
  scope: MigrationScope,
  id: number,
  repoName: string,
): Promise<UnlockOutcome> {
  try {
    await request<unknown>(
      'github',
      migrationApiPath(scope, 'unlock', { migration_id: id, repo_name: repoName }),
      { method: 'DELETE' },
    );
    return 'unlocked';
  } catch (error) {
    // A gateway refusal carries a `code`; GitHub's own 404 does not.
    if (isApiError(error) && error.status === 404 && !error.code) return 'not-locked';
    throw error;
  }
}

export interface UnlockResult {
  name: string;
  outcome: UnlockOutcome;
}

/** Unlock several, one request at a time (writes are serialised, never parallel). */
export async function unlockRepos(
  scope: MigrationScope,
  id: number,
  names: readonly string[],
): Promise<UnlockResult[]> {
  const results: UnlockResult[] = [];
  for (const name of names) results.push({ name, outcome: await unlockRepo(scope, id, name) });
  return results;
}

export function useUnlockRepos(
  scope: MigrationScope,
  onDone: (migrationId: number, results: UnlockResult[]) => void,
) {
  return useMutation({
    mutationFn: ({ id, names }: { id: number; names: readonly string[] }) => unlockRepos(scope, id, names),
    onSuccess: (results, { id }) => onDone(id, results),
  });
}
