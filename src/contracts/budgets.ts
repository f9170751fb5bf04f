import type { CredentialKind } from './github/operations';
import { finiteNumberOf, isRecord, stringOf } from './json';

/**
 * Which configured credentials spend one primary budget. On GitHub the REST limit is per user: every
 * personal token of one user (classic, fine-grained, OAuth) shares 5,000 an hour; an App installation has its
 * own. `GET /api/credentials/budgets` answers these, in the order of the credentials.
 */
export interface CredentialBudget {
  /** The user whose budget it is; else (an App installation, a token GitHub did not name the user of) the credential's name. */
  account: string;
  kind: 'user' | 'installation' | 'unknown';
  /** Configured credentials that spend it, in configuration order (at least one). */
  credentials: string[];
}

/** What the gateway knows of a credential's owner (no secret). */
export interface CredentialAccount {
  name: string;
  kind: CredentialKind;
  /** The token's user, as GitHub named it (`GET /user`); none for an App or when GitHub could not tell. */
  login?: string;
  /** An App credential's installation (two credentials of one installation share its budget). */
  installationId?: number;
}

function budgetKey(account: CredentialAccount): {
  key: string;
  budget: Omit<CredentialBudget, 'credentials'>;
} {
  if (account.kind === 'app' && account.installationId !== undefined) {
    return {
      key: `installation:${account.installationId}`,
      budget: { account: account.name, kind: 'installation' },
    };
  }
  if (account.kind !== 'app' && account.login) {
    // Logins are case-insensitive on GitHub.
    return { key: `user:${account.login.toLowerCase()}`, budget: { account: account.login, kind: 'user' } };
  }
  return { key: `credential:${account.name}`, budget: { account: account.name, kind: 'unknown' } };
}

/** The account a credential spends for (`user:<login>`, `installation:<id>`, else its own name). */
export const accountKeyOf = (account: CredentialAccount): string => budgetKey(account).key;

/** Credentials grouped by the budget they spend, groups in the order of their first credential. */
export function groupBudgets(accounts: readonly CredentialAccount[]): CredentialBudget[] {
  const groups = new Map<string, CredentialBudget>();
  for (const account of accounts) {
    const { key, budget } = budgetKey(account);
    const group = groups.get(key);
    if (group) group.credentials.push(account.name);
    else groups.set(key, { ...budget, credentials: [account.name] });
  }
  return [...groups.values()];
}

/** The budget a named credential spends (alone when the answer does not list it). */
export function budgetOfCredential(budgets: readonly CredentialBudget[], name: string): CredentialBudget {
  return (
    budgets.find((budget) => budget.credentials.includes(name)) ?? {
      account: name,
      kind: 'unknown',
      credentials: [name],
    }
  );
}

const KINDS: readonly CredentialBudget['kind'][] = ['user', 'installation', 'unknown'];

/** The gateway's answer, checked at the edge: malformed groups are dropped (their credentials then show alone). */
export function parseBudgets(data: unknown): CredentialBudget[] {
  if (!isRecord(data) || !Array.isArray(data.budgets)) return [];
  return data.budgets.flatMap((item: unknown): CredentialBudget[] => {
    if (!isRecord(item) || typeof item.account !== 'string' || !Array.isArray(item.credentials)) return [];
    const kind = KINDS.find((known) => known === item.kind);
    const credentials = item.credentials.filter((name): name is string => typeof name === 'string');
    return kind && credentials.length > 0 ? [{ account: item.account, kind, credentials }] : [];
  });
}

/** The budget a wave's credential spends, as the gateway last read it (no request: its newest reading). */
export interface AccountBudget {
  account: string;
  /** The configured credentials that spend it. */
  credentials: string[];
  /** Whether the default export credential is one of them (a wave that names none spends it). */
  includesDefault: boolean;
  /** Its core budget's newest reading (any of its credentials: they read alike); none before the first. */
  remaining?: number;
  /** ISO time the budget resets. */
  reset?: string;
}

/**
 * What a planned wave costs the account whose budget it spends (not the token: every wave running on any
 * of the account's tokens spends the same budget).
 */
export interface PlanAccountCost {
  account: string;
  credentials: string[];
  /** Unfinished waves on this budget, and the requests they should still make. */
  otherWaves: number;
  owed: number;
  remaining?: number;
  /** `remaining` − `owed` − the plan's `totalMax`: below zero, the budget runs out before its reset. */
  leftAfter?: number;
  reset?: string;
}

/** A preview's `budget`, checked at the edge (none when absent or malformed: the preview shows without it). */
export function parsePlanAccountCost(value: unknown): PlanAccountCost | undefined {
  if (!isRecord(value) || typeof value.account !== 'string' || !Array.isArray(value.credentials))
    return undefined;
  const otherWaves = finiteNumberOf(value.otherWaves);
  const owed = finiteNumberOf(value.owed);
  if (otherWaves === undefined || owed === undefined) return undefined;
  const remaining = finiteNumberOf(value.remaining);
  const leftAfter = finiteNumberOf(value.leftAfter);
  return {
    account: value.account,
    credentials: value.credentials.filter((name): name is string => typeof name === 'string'),
    otherWaves,
    owed,
    // Both or neither: one without the other cannot be said.
    remaining: leftAfter === undefined ? undefined : remaining,
    leftAfter: remaining === undefined ? undefined : leftAfter,
    reset: stringOf(value.reset),
  };
}
