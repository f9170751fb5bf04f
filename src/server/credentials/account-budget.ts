import {
  budgetOfCredential,
  groupBudgets,
  type AccountBudget,
  type CredentialAccount,
} from '@/contracts/budgets';
import type { RateReading } from '../store/rate-history';
import { DEFAULT_CREDENTIAL } from './credential-config';

/**
 * The budget a credential spends and its newest core reading — of any credential that spends it: a user's
 * tokens read the same figures. From what the gateway already knows: no request of its own.
 */
export function accountBudget(
  accounts: readonly CredentialAccount[],
  readings: readonly RateReading[],
  credential: string,
  defaultCredential: string | undefined,
): AccountBudget {
  const budget = budgetOfCredential(groupBudgets(accounts), credential);
  const newest = newestReading(budget.credentials, readings, 'core');
  return {
    account: budget.account,
    credentials: budget.credentials,
    includesDefault: defaultCredential !== undefined && budget.credentials.includes(defaultCredential),
    remaining: newest?.remaining,
    reset: newest?.reset.toISOString(),
  };
}

/** The newest reading of `resource` of any of `credentials` (the tokens of one account read alike). */
function newestReading(
  credentials: readonly string[],
  readings: readonly RateReading[],
  resource: string,
): RateReading | undefined {
  return readings
    .filter(
      (reading) =>
        reading.resource === resource && credentials.includes(reading.credential ?? DEFAULT_CREDENTIAL),
    )
    .reduce<RateReading | undefined>(
      (found, reading) => (found && found.at.getTime() >= reading.at.getTime() ? found : reading),
      undefined,
    );
}

/**
 * The GraphQL points of the account a credential spends, as last read (the minute `/rate_limit` sample's
 * `graphql`, or a GraphQL answer's headers): no request of its own. None before a reading, or from a source with
 * rate limiting off (its `/rate_limit` is a 404 and its answers carry no `x-ratelimit-*`).
 */
export function accountGraphqlBudget(
  accounts: readonly CredentialAccount[],
  readings: readonly RateReading[],
  credential: string,
): { limit: number; remaining: number; resetAt: string } | undefined {
  const budget = budgetOfCredential(groupBudgets(accounts), credential);
  const newest = newestReading(budget.credentials, readings, 'graphql');
  return newest && { limit: newest.limit, remaining: newest.remaining, resetAt: newest.reset.toISOString() };
}
