import type { Context, MiddlewareHandler, Next } from 'hono';
import { NEEDS_ROLE, type Actor, type SessionInfo } from '@/contracts/session';
import { gatewayError } from '@/server/gateway-error';

/**
 * What a role may write (issue 51). `admin`: everything. `viewer`: nothing. `self-service`: plan and start a move
 * or a wave (its selection is checked against their repositories where it is planned), act on the moves and
 * waves they started (checked where each is read), and map the identities of a target their moves went to;
 * nothing else — alerts, credentials, the store. Answers the refusal's words, or undefined when the write may go on.
 */
const SELF_SERVICE_WRITES: readonly RegExp[] = [
  /^\/api\/moves\/preview$/,
  /^\/api\/moves$/,
  /^\/api\/moves\/[^/]+\/(?:pause|resume|cancel)$/,
  /^\/api\/moves\/[^/]+\/repositories\/(?:bulk|[^/]+\/(?:retry|abort|unlock))$/,
  /^\/api\/waves\/preview$/,
  /^\/api\/waves$/,
  /^\/api\/waves\/[^/]+\/(?:pause|resume|cancel)$/,
  /^\/api\/waves\/[^/]+\/batches\/[0-9]+\/(?:retry|unlock)$/,
  /^\/api\/identities\/(?:drafts|reclaim)$/,
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

/** The request's session, set by the sign-in (none without `FERRY_AUTH=github`). */
export const sessionOf = (c: Context) => c.get('ferrySession') as SessionInfo | undefined;

/** A self-service person's repositories: their moves and waves take only those; undefined for other roles. */
export function selfServiceRepositories(c: Context): readonly string[] | undefined {
  const session = sessionOf(c);
  return session?.role === 'self-service' ? (session.repositories ?? []) : undefined;
}

/** The first name of `names` outside `only` (GitHub compares names in lower case), or undefined. */
export function outsideOf(only: readonly string[] | undefined, names: readonly string[]) {
  if (!only) return undefined;
  const theirs = new Set(only.map((name) => name.toLowerCase()));
  return names.find((name) => !theirs.has(name.toLowerCase()));
}

/** The refusal of a selection that takes `other`, a repository the person does not administer. */
export const notAdministered = (other: string, only: readonly string[], what: 'moves' | 'waves') =>
  `${other} is not among the repositories you administer: the self-service role ${what} only those (${only.length}). Narrow the filters.`;

/**
 * A self-service person's writes on a move or a wave reach it only when they started it: `find` reads the one the
 * path names (undefined for an id that is none: the route answers it). Other roles pass.
 */
export function ownWorkOnly(
  what: 'move' | 'wave',
  find: (id: string) => Promise<{ startedBy?: Actor } | undefined>,
): MiddlewareHandler {
  return async (c: Context, next: Next) => {
    const session = sessionOf(c);
    if (c.req.method !== 'POST' || session?.role !== 'self-service') return next();
    const work = await find(c.req.param('id') ?? '');
    if (!work || work.startedBy?.login === session.login) return next();
    return gatewayError(
      c,
      403,
      `This ${what} was started by ${work.startedBy?.login ?? 'someone else'}: the self-service role acts on its own ${what}s only.`,
      'FORBIDDEN',
    );
  };
}

/** A selection the person's role does not reach (answered 403 with the message). */
export class SelfServiceRefusal extends Error {}
