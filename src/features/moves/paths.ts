/** The moves page's address; the app router mounts it. */
export const movePaths = {
  home: '/moves',
} as const;
