import type { Context } from 'hono';
import { ROLES, type Actor, type Role } from '@/contracts/session';

/** Who acts when no sign-in is configured (`FERRY_AUTH` unset): today's single user. */
export const LOCAL_ACTOR: Actor = { login: 'local', role: 'local' };

/** The Hono context variable the sign-in sets on `/api/*` requests when a session exists. */
export const ACTOR_VARIABLE = 'ferryActor';

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * The actor the sign-in set on this request, or undefined when it set none. Read untyped (the sign-in declares
 * the variable's type): a value that is not an actor's shape is taken as a viewer, never as more.
 */
export function requestActor(c: Context): Actor | undefined {
  const get = c.get as unknown as (key: string) => unknown;
  const value = get(ACTOR_VARIABLE);
  if (value === undefined || value === null) return undefined;
  const { login, role } = value as { login?: unknown; role?: unknown };
  const name = typeof login === 'string' && login !== '' ? login.slice(0, 100) : 'unknown';
  return { login: name, role: isRole(role) ? role : 'viewer' };
}

/** Who this request acts for: the signed-in person, or `local` without a sign-in. */
export const actorOf = (c: Context): Actor => requestActor(c) ?? LOCAL_ACTOR;
