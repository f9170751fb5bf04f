/** The imports pages' addresses; the app router mounts them, the feature links with the builders. */
export const importPaths = {
  home: '/imports',
  repo: '/imports/:owner/:repo',
} as const;

export const importHref = {
  repo: (owner: string, repo: string) => `/imports/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`,
};
