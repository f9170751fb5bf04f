import { accountKeyOf } from '@/contracts/budgets';
import type { FerryStore } from '../store/ferry-store';
import type { Credentials } from './credentials';

/**
 * GitHub's limits belong to the account behind a token, not to a process. Every request Ferry sends with an
 * account's token asks its gate first: while GitHub's "wait" holds (a secondary limit's `retry-after`, GraphQL
 * `RATE_LIMIT`, a spent budget until its reset) nothing is sent, by any gateway; a write is sent only once it
 * has claimed the account's slot, one second after the last write of that account, whichever gateway sent it.
 */
export interface AccountLimits {
  /** 0 when this write may go now (claimed), else the milliseconds to wait before asking again. */
  claimWrite(account: string, spacingMs: number): Promise<number>;
  hold(account: string, waitMs: number): Promise<void>;
  heldMs(account: string): Promise<number>;
}

/**
 * The target account of a credential: GitHub.com's (or GHE.com's) user behind a target token, apart from any
 * source account (another GitHub, other limits).
 */
export const targetAccountKey = (credential: string) => `target:${credential}`;

/** A source credential's gate: its account as the connection knows it (tokens of one user share its limits). */
export function sourceGate(
  limits: AccountLimits,
  credentials: Pick<Credentials, 'accounts'>,
  name: string,
): AccountGate {
  const key = async () => {
    const account = (await credentials.accounts()).find((found) => found.name === name);
    return account ? accountKeyOf(account) : `credential:${name}`;
  };
  return {
    claimWrite: async (spacingMs) => limits.claimWrite(await key(), spacingMs),
    hold: async (waitMs) => limits.hold(await key(), waitMs),
    heldMs: async () => limits.heldMs(await key()),
  };
}

/** One account's gate, as a client holds it. */
export interface AccountGate {
  claimWrite(spacingMs: number): Promise<number>;
  hold(waitMs: number): Promise<void>;
  heldMs(): Promise<number>;
}

export const gateOf = (limits: AccountLimits, account: string): AccountGate => ({
  claimWrite: (spacingMs) => limits.claimWrite(account, spacingMs),
  hold: (waitMs) => limits.hold(account, waitMs),
  heldMs: () => limits.heldMs(account),
});

/** The team's limits, kept in the shared store (`write_pace`: one row per account, one per account's hold). */
export function storeAccountLimits(store: () => Promise<FerryStore>): AccountLimits {
  return {
    claimWrite: async (account, spacingMs) => (await store()).writePace.claim(account, spacingMs),
    hold: async (account, waitMs) => (await store()).writePace.hold(account, waitMs),
    heldMs: async (account) => (await store()).writePace.heldMs(account),
  };
}

/** Without a store: this process's own requests only (one gateway alone). */
export function processAccountLimits(now: () => number = Date.now): AccountLimits {
  const nextWrite = new Map<string, number>();
  const heldUntil = new Map<string, number>();
  const heldMs = (account: string) => Math.max(0, (heldUntil.get(account) ?? 0) - now());
  return {
    claimWrite(account, spacingMs) {
      const wait = Math.max(heldMs(account), (nextWrite.get(account) ?? 0) - now());
      if (wait > 0) return Promise.resolve(wait);
      nextWrite.set(account, now() + spacingMs);
      return Promise.resolve(0);
    },
    hold(account, waitMs) {
      heldUntil.set(account, Math.max(heldUntil.get(account) ?? 0, now() + waitMs));
      return Promise.resolve();
    },
    heldMs: (account) => Promise.resolve(heldMs(account)),
  };
}

export type AccountSide = 'source' | 'target';
const sideOf = (account: string): AccountSide => (account.startsWith('target:') ? 'target' : 'source');

/** The limits, counted (`/metrics`): each hold GitHub asked for, each request not sent while held. */
export function countedLimits(
  limits: AccountLimits,
  count: { hold: (side: AccountSide) => void; held: (side: AccountSide) => void },
): AccountLimits {
  return {
    claimWrite: (account, spacingMs) => limits.claimWrite(account, spacingMs),
    async hold(account, waitMs) {
      count.hold(sideOf(account));
      await limits.hold(account, waitMs);
    },
    async heldMs(account) {
      const held = await limits.heldMs(account);
      if (held > 0) count.held(sideOf(account));
      return held;
    },
  };
}

/** Wait until this write has claimed the account's slot (the claim is the last thing before sending). */
/**
 * Added to the spacing a claim asks for: a slot is claimed at the store's clock and the request reaches GitHub a
 * few milliseconds later, by a varying amount (the move-team bench: 993 ms between two gateways' writes with the
 * claim already last before the wire). GitHub counts the gap as it receives them.
 */
export const SLOT_MARGIN_MS = 25;

export async function claimWriteSlot(
  gate: Pick<AccountGate, 'claimWrite'>,
  spacingMs: number,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  for (;;) {
    const wait = await gate.claimWrite(spacingMs + SLOT_MARGIN_MS);
    if (wait <= 0) return;
    await sleep(wait);
  }
}
