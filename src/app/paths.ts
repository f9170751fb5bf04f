/** Route paths in one place, so links and routes never disagree. */
export const paths = {
  home: '/',
  rateLimits: '/rate-limits',
  connection: '/connection',
} as const;
