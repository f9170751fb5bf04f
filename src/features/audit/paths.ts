/** The audit log page's address. */
export const auditPaths = { home: '/audit' } as const;
