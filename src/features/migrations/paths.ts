/** The migrations pages' addresses; the app router mounts them, the feature links with the builders. */
export const migrationPaths = {
  home: '/migrations',
  org: '/migrations/orgs/:org',
  orgMigration: '/migrations/orgs/:org/:migrationId',
  user: '/migrations/user',
  userMigration: '/migrations/user/:migrationId',
} as const;

export const migrationHref = {
  org: (org: string) => `/migrations/orgs/${encodeURIComponent(org)}`,
  orgMigration: (org: string, id: number) => `/migrations/orgs/${encodeURIComponent(org)}/${id}`,
  user: () => migrationPaths.user,
  userMigration: (id: number) => `/migrations/user/${id}`,
};
