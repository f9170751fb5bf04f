import { useSyncExternalStore } from 'react';
import { rateLimitStore, type RateLimitSnapshot } from '@/lib/rate-limit-store';

/** The app-wide rate-limit readings (from every response's headers). */
export function useRateLimitSnapshot(): RateLimitSnapshot {
  const getSnapshot = () => rateLimitStore.getSnapshot();
  return useSyncExternalStore((listener) => rateLimitStore.subscribe(listener), getSnapshot, getSnapshot);
}
