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
  const newest = readings
    .filter(
      (reading) =>
        reading.resource === 'core' && budget.credentials.includes(reading.credential ?? DEFAULT_CREDENTIAL),
    )
    .reduce<RateReading | undefined>(
      (found, reading) => (found && found.at.getTime() >= reading.at.getTime() ? found : reading),
      undefined,
    );
  return {
    account: budget.account,
    credentials: budget.credentials,
    includesDefault: defaultCredential !== undefined && budget.credentials.includes(defaultCredential),
    remaining: newest?.remaining,
    reset: newest?.reset.toISOString(),
  };
}
