/** The domains pages' addresses; the app router mounts them, the feature links with the builders. */
export const domainPaths = {
  home: '/domains',
  compare: '/domains/compare',
} as const;

export const domainHref = {
  tld: (tld: string) => `/domains?tld=${encodeURIComponent(tld)}`,
  compare: (tlds: readonly string[]) => `/domains/compare?tlds=${tlds.map(encodeURIComponent).join(',')}`,
};
