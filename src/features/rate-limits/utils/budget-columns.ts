import { budgetOfCredential, type CredentialBudget } from '@/contracts/budgets';
import type { CredentialSummary } from '@/contracts/credentials';

/** One column of the rate-limits page: a budget, and the configured credentials that spend it. */
export interface BudgetColumn {
  /** The heading: the credential's name, or `account: name, name` when several share the budget. */
  title: string;
  /** The account whose budget several credentials share; none for a credential alone. */
  sharedBy?: string;
  credentials: CredentialSummary[];
}

/**
 * The configured credentials grouped into budgets, in configuration order; each credential in exactly one
 * column. A credential the gateway's grouping does not name (not answered yet, or failed) stands alone.
 */
export function budgetColumns(
  credentials: readonly CredentialSummary[],
  budgets: readonly CredentialBudget[] | undefined,
): BudgetColumn[] {
  const columns = new Map<string, BudgetColumn>();
  for (const credential of credentials) {
    const budget = budgetOfCredential(budgets ?? [], credential.name);
    const key = budget.credentials.join('\u0000');
    const column = columns.get(key) ?? { title: credential.name, credentials: [] };
    column.credentials.push(credential);
    if (column.credentials.length > 1) {
      column.sharedBy = budget.account;
      column.title = `${budget.account}: ${column.credentials.map((each) => each.name).join(', ')}`;
    }
    columns.set(key, column);
  }
  return [...columns.values()];
}
