import type { TargetState } from './state';
import { identifyCaller } from './world';

/**
 * Who may upload to GitHub-owned storage: "the uploading user … with the migrator role" — an organization owner
 * or migrator, with a classic PAT; App installations and fine-grained tokens get GitHub's refusal.
 */
export function authorizeUpload(
  state: TargetState,
  authorization: string | undefined,
  orgDatabaseId: number,
): { status: number; message: string } | undefined {
  if (!authorization) return { status: 401, message: 'Requires authentication' };
  const caller = identifyCaller(state, authorization);
  if (typeof caller === 'string') return { status: 401, message: caller };
  if (orgDatabaseId !== state.org.databaseId) return { status: 404, message: 'Not Found' };
  if (caller.kind === 'installation')
    return { status: 403, message: 'Resource not accessible by integration' };
  if (caller.kind === 'fine-grained')
    return { status: 403, message: 'Resource not accessible by personal access token' };
  const login = caller.login ?? '';
  if (!state.org.owners.includes(login) && !state.org.migrators.includes(login))
    return { status: 403, message: `${login} does not have the migrator role on ${state.org.login}` };
  if (!caller.scopes.includes('repo')) return { status: 403, message: "Your token needs the 'repo' scope" };
  return undefined;
}
