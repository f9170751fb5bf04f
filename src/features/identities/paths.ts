/** The identity map's address (under /moves: it serves a move's target); the app router mounts it. */
export const identityPaths = {
  home: '/moves/identities',
} as const;

export const identityHref = {
  home: (target?: string) =>
    target ? `/moves/identities?target=${encodeURIComponent(target)}` : identityPaths.home,
  /** `GET /api/identities/reclaim.csv`: what `gh gei reclaim-mannequin --csv` reads. */
  csv: (target: string) => `/api/identities/reclaim.csv?target=${encodeURIComponent(target)}`,
};
