import Typography from '@mui/material/Typography';
import type { PlanAccountCost } from '@/contracts/budgets';
import { formatClockTime, formatNumber } from '@/lib/format';
import { onLocalClock } from '@/lib/local-clock';
import { countOf } from '@/lib/wave-summary';

/**
 * Whose budget a planned wave spends, and what is left of it once the account's other waves and this one
 * have made their requests. GitHub counts per user: a wave on one token shares the budget with every wave on
 * the user's other tokens. The reset is GitHub's time, shown on this browser's clock like the rest of the page
 * (`clockOffsetMs`: GitHub's clock minus this one).
 */
export function PlanBudgetText({
  budget,
  clockOffsetMs = 0,
}: {
  budget: PlanAccountCost;
  clockOffsetMs?: number;
}) {
  const whose =
    budget.credentials.length > 1
      ? `${budget.account}’s budget (shared by ${budget.credentials.join(', ')})`
      : `the budget of ${budget.account}`;
  const others =
    budget.otherWaves > 0
      ? ` ${countOf(budget.otherWaves, 'other wave', 'other waves')} on it should still make ${formatNumber(budget.owed)} requests.`
      : '';
  if (budget.remaining === undefined || budget.leftAfter === undefined) {
    return (
      <Typography>
        Spends {whose}; not read yet.{others}
      </Typography>
    );
  }
  const reset = budget.reset
    ? ` (it resets at ${formatClockTime(onLocalClock(Date.parse(budget.reset), clockOffsetMs))})`
    : '';
  return (
    <Typography>
      Spends {whose}: {formatNumber(budget.remaining)} left now{reset}.{others}{' '}
      {budget.leftAfter < 0
        ? `Not enough: ${formatNumber(-budget.leftAfter)} short at most, so the wave waits for the reset.`
        : `At most, ${formatNumber(budget.leftAfter)} would be left after this wave.`}
    </Typography>
  );
}
