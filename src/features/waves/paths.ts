/** The waves pages' addresses; the app router mounts them, the feature links with the builders. */
export const wavePaths = {
  home: '/waves',
  wave: '/waves/:waveId',
} as const;

export const waveHref = {
  wave: (id: string) => `/waves/${encodeURIComponent(id)}`,
  manifest: (id: string, format: 'json' | 'csv') => `/api/waves/${encodeURIComponent(id)}/manifest.${format}`,
  archive: (id: string, batch: number) => `/api/waves/${encodeURIComponent(id)}/batches/${batch}/archive`,
};
