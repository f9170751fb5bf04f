import type { CredentialDetails } from '@/contracts/credentials';

const DAY_MS = 86_400_000;
/** How far ahead a token's expiry is announced: a week leaves time to make a new one and restart. */
export const EXPIRY_WARNING_MS = 7 * DAY_MS;

export type Expiry =
  | { kind: 'never' }
  | { kind: 'renewed' }
  | { kind: 'later'; at: number }
  | { kind: 'soon'; at: number; days: number }
  | { kind: 'expired'; at: number };

/**
 * What a credential's expiry means at `now`. An App installation's time is its token's next hourly renewal,
 * never a reason to act; a token that stops within a week is, and one already past is refused by GitHub.
 */
export function expiryOf(credential: Pick<CredentialDetails, 'kind' | 'expiresAt'>, now: number): Expiry {
  if (credential.kind === 'app') return { kind: 'renewed' };
  const at = credential.expiresAt ? Date.parse(credential.expiresAt) : Number.NaN;
  if (Number.isNaN(at)) return { kind: 'never' };
  if (at <= now) return { kind: 'expired', at };
  if (at - now > EXPIRY_WARNING_MS) return { kind: 'later', at };
  return { kind: 'soon', at, days: Math.max(1, Math.round((at - now) / DAY_MS)) };
}
