import { isRecord } from './json';
import { ROLES, type Role, type SessionInfo } from './session';

/** `GET /api/session`, checked at the edge: a malformed answer is none (the page asks to sign in). */
export function parseSessionInfo(value: unknown): SessionInfo | undefined {
  if (
    !isRecord(value) ||
    typeof value.login !== 'string' ||
    !(ROLES as readonly unknown[]).includes(value.role)
  )
    return undefined;
  const strings = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string').slice(0, 1_000)
      : [];
  return {
    login: value.login.slice(0, 100),
    name: typeof value.name === 'string' ? value.name.slice(0, 200) : null,
    role: value.role as Role,
    organizations: strings(value.organizations),
    ...(Array.isArray(value.repositories) ? { repositories: strings(value.repositories) } : {}),
    checkedAt: typeof value.checkedAt === 'string' ? value.checkedAt : new Date(0).toISOString(),
    auth: value.auth === 'github' ? 'github' : 'none',
  };
}
