/** The moves pages' addresses; the app router mounts them, the feature links with the builders. */
export const movePaths = {
  home: '/moves',
  move: '/moves/:moveId',
} as const;

export const moveHref = {
  move: (id: string) => `/moves/${encodeURIComponent(id)}`,
  /** `GET /api/moves/{id}/manifest` (JSON) and `…/manifest.csv`. */
  manifest: (id: string, format: 'json' | 'csv') =>
    `/api/moves/${encodeURIComponent(id)}/manifest${format === 'csv' ? '.csv' : ''}`,
  /** `GET /api/moves/{id}/repositories/{name}/log`: the migration log the move saved (plain text). */
  log: (id: string, name: string) =>
    `/api/moves/${encodeURIComponent(id)}/repositories/${encodeURIComponent(name)}/log`,
  /** The identities page (its own feature, mounted under /moves) on one target organization. */
  identities: (target?: string) =>
    target === undefined ? '/moves/identities' : `/moves/identities?target=${encodeURIComponent(target)}`,
};
