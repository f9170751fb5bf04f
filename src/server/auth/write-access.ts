import { NEEDS_ROLE, type SessionInfo } from '@/contracts/session';

/**
 * What a role may write (issue 51). `admin`: everything. `viewer`: nothing. `self-service`: plan and start a move
 * (its selection is checked against their repositories where the move is planned) and act on the moves they
 * started (checked where the move is read); nothing else — alerts, credentials, waves, identities, the store.
 * Answers the refusal's words, or undefined when the write may go on.
 */
const SELF_SERVICE_WRITES: readonly RegExp[] = [
  /^\/api\/moves\/preview$/,
  /^\/api\/moves$/,
  /^\/api\/moves\/[^/]+\/(?:pause|resume|cancel)$/,
  /^\/api\/moves\/[^/]+\/repositories\/(?:bulk|[^/]+\/(?:retry|abort|unlock))$/,
];

export function writeRefusal(
  session: Pick<SessionInfo, 'role'>,
  method: string,
  path: string,
): string | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (session.role === 'admin' || session.role === 'local') return undefined;
  if (session.role === 'viewer') return NEEDS_ROLE.write;
  return SELF_SERVICE_WRITES.some((pattern) => pattern.test(path)) ? undefined : NEEDS_ROLE.admin;
}

/** A self-service person's selection: the first repository that is not theirs, named, or undefined. */
export function notTheirs(session: Pick<SessionInfo, 'role' | 'repositories'>, names: readonly string[]) {
  if (session.role !== 'self-service') return undefined;
  const theirs = new Set((session.repositories ?? []).map((name) => name.toLowerCase()));
  return names.find((name) => !theirs.has(name.toLowerCase()));
}
