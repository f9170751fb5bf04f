import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

let shared: QueryClient | undefined;

/**
 * The page's one query client, made by whichever asks first: `src/early-data.ts` (the page's data requests,
 * before the app's code has arrived) or `src/app/start.tsx`. Both entries load this module from the same chunk, so
 * the app finds in it what the early requests brought.
 */
export function pageQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
