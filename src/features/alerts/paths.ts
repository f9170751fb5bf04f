/** The alerts page's address. */
export const alertPaths = { home: '/alerts' } as const;
