import { useEffect } from 'react';
import type { RecentKind } from '@/contracts/ferry';
import { request } from '@/lib/api-client';

/**
 * Tell the gateway's store that this organization, import or TLD was opened, so the overview lists it in
 * every browser. Best effort: a store that does not answer costs the page nothing.
 */
export function useRememberRecent(kind: RecentKind, key: string | undefined) {
  useEffect(() => {
    if (!key) return;
    request('gateway', 'ferry/recent', { method: 'POST', json: { kind, key } }).catch(() => undefined);
  }, [kind, key]);
}
