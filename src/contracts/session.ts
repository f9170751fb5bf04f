/**
 * A team signs in (issue 51): who is asking, and what GitHub lets them do in the source organization. Roles come
 * from GitHub itself (re-read at sign-in and every 10 minutes): `admin` owns the source organization,
 * `self-service` administers some of its repositories (and acts on those only), `viewer` is any other member (reads
 * only). `local`: no sign-in configured (`FERRY_AUTH` unset) — today's single user, on loopback or behind the
 * shared password; every action allowed, recorded as `local`.
 */
export const ROLES = ['admin', 'self-service', 'viewer', 'local'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_WORDS: Record<Role, string> = {
  admin: 'Admin (owner of the source organization)',
  'self-service': 'Self-service (administers some repositories)',
  viewer: 'Viewer (reads only)',
  local: 'Local (no sign-in configured)',
};

/** Who a request acts for: what the audit log records beside each write. */
export interface Actor {
  login: string;
  role: Role;
}

/** `GET /api/session`. */
export interface SessionInfo extends Actor {
  name: string | null;
  /** The source organization(s) the role was read in. */
  organizations: string[];
  /** A self-service person's repositories (names in the source organization); absent for other roles. */
  repositories?: string[];
  /** When GitHub was last asked (the role is re-read every 10 minutes). */
  checkedAt: string;
  /** How this gateway signs people in (`github`), or none. */
  auth: 'github' | 'none';
}

/** The role a refused action needs, in the words a 403 says. */
export const NEEDS_ROLE: Record<'admin' | 'write', string> = {
  admin: 'This needs the admin role (an owner of the source organization).',
  write: 'This needs the admin or self-service role: the viewer role reads only.',
};
