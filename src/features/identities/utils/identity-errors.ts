import { toApiError } from '@/lib/api-error';

/**
 * What to do when the identity map cannot be read, by the gateway's code: its 503s are answers (the target's
 * importer unavailable, no store), so the page says which and offers a retry rather than waiting in silence.
 */
export function identityReadHint(error: unknown): string | undefined {
  const { status, code } = toApiError(error);
  if (code === 'TARGET_UNAVAILABLE')
    return 'GitHub Enterprise Importer on the target does not answer for now and asks to wait about a minute. Nothing was changed: retry in a minute.';
  if (code === 'NO_STORE')
    return 'Ferry keeps the map in its store, which is not open: see Ferry’s log for why, then retry.';
  if (status === 503) return 'Ferry’s server cannot answer for now. Nothing was changed: retry in a moment.';
  return undefined;
}
