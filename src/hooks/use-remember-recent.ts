import { useEffect } from 'react';
import type { RecentKind } from '@/contracts/ferry';
import { request } from '@/lib/api-client';

/**
 * Tell Ferry's server that this browser opened something (an import, a TLD lookup), so the overview of
 * every browser lists it. Best effort: a server without its store just does not remember.
 */
export function useRememberRecent(kind: RecentKind, key: string | undefined): void {
  useEffect(() => {
    if (!key) return;
    request('gateway', 'ferry/recent', { method: 'POST', json: { kind, key } }).catch(() => undefined);
  }, [kind, key]);
}
