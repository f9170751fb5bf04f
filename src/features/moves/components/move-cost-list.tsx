import Box from '@mui/material/Box';
import type { PlanAccountCost } from '@/contracts/budgets';
import type { MoveCost } from '@/contracts/moves';
import { formatClockTime, formatNumber } from '@/lib/format';
import { onLocalClock } from '@/lib/local-clock';
import { countOf } from '@/lib/wave-summary';
import { countNoun, countRange, formatRange, formatSecondsRange } from '../utils/move-format';

/** The source account's REST budget, beside its unfinished waves (a move's exports are one more). */
function sourceBudgetText(budget: PlanAccountCost | undefined, clockOffsetMs: number): string {
  if (!budget) return 'Source REST budget: not known (no store, or the credential was not read).';
  const others =
    budget.otherWaves > 0
      ? ` ${countOf(budget.otherWaves, 'unfinished wave', 'unfinished waves')} on it should still make ${countNoun(budget.owed, 'request', 'requests')}.`
      : '';
  if (budget.remaining === undefined || budget.leftAfter === undefined)
    return `Source REST budget: ${budget.account}’s, not read yet.${others}`;
  const reset = budget.reset
    ? ` (it resets at ${formatClockTime(onLocalClock(Date.parse(budget.reset), clockOffsetMs))})`
    : '';
  const now = `Source REST budget: ${budget.account}’s, ${countNoun(budget.remaining, 'request', 'requests')} left now${reset}.${others}`;
  return budget.leftAfter < 0
    ? `${now} Not enough: ${formatNumber(-budget.leftAfter)} short at most, so the exports would wait for the reset.`
    : `${now} At most, ${formatNumber(budget.leftAfter)} would be left after this move.`;
}

/** The source account's GraphQL points (what validation spends), and what validation would leave of them. */
function sourceGraphqlText(budget: MoveCost['source']['graphqlBudget'], clockOffsetMs: number): string {
  if (!budget)
    return 'Source GraphQL budget: not known (no store, not read yet, or the source has rate limiting off).';
  const reset = formatClockTime(onLocalClock(Date.parse(budget.resetAt), clockOffsetMs));
  const now = `Source GraphQL budget: ${formatNumber(budget.remaining)} of ${countNoun(budget.limit, 'point', 'points')} left now (it resets at ${reset}).`;
  return budget.leftAfter < 0
    ? `${now} Not enough: ${formatNumber(-budget.leftAfter)} short, so validation would wait for the reset.`
    : `${now} ${formatNumber(budget.leftAfter)} would be left after validation.`;
}

function budgetText(budget: MoveCost['target']['budget'], clockOffsetMs: number): string {
  if (!budget) return 'Target budget: not read in the pre-flight.';
  const reset = formatClockTime(onLocalClock(Date.parse(budget.resetAt), clockOffsetMs));
  const now = `Target budget: ${formatNumber(budget.remaining)} of ${formatNumber(budget.limit)} points left now (it resets at ${reset}).`;
  return budget.leftAfterMax < 0
    ? `${now} Not enough: ${formatNumber(-budget.leftAfterMax)} short at most, so the move would wait for the reset.`
    : `${now} At most, ${formatNumber(budget.leftAfterMax)} would be left after this move.`;
}

/**
 * What the move costs, per account that pays, as ranges: no failed step (low end) to every check and retry
 * the gateway's model allows (high end). GitHub's times are shown on this browser's clock.
 */
export function MoveCostList({ cost, clockOffsetMs }: { cost: MoveCost; clockOffsetMs: number }) {
  const { source, target } = cost;
  const budget = target.budget;
  return (
    <Box component="ul" aria-label="Cost" sx={{ m: 0, pl: 3 }}>
      <li>
        Source ({source.credential}): {countRange(source.restRequests, 'REST request', 'REST requests')}{' '}
        (listing, exports, status checks, archive links, unlocks) and{' '}
        {countRange(source.graphqlRequests, 'GraphQL request', 'GraphQL requests')} for validation.
      </li>
      <li>
        Target ({target.credential}): {countRange(target.graphqlPoints, 'GraphQL point', 'GraphQL points')} —
        pre-flight {formatNumber(target.parts.preflight)}, starts {formatNumber(target.parts.starts)}, status
        polls {formatRange(target.parts.statusPolls)}, validation {formatNumber(target.parts.validation)}.
      </li>
      <li>
        The imports’ own charge to the starting token: at least{' '}
        {countNoun(target.importChargeMin, 'point', 'points')} (1 per import, 1 more per 100 records).
      </li>
      <li>Time: {formatSecondsRange(cost.seconds)}, at GitHub’s 5 imports at once per organization.</li>
      <li>{sourceBudgetText(source.budget, clockOffsetMs)}</li>
      <li>{sourceGraphqlText(source.graphqlBudget, clockOffsetMs)}</li>
      <li>{budgetText(budget, clockOffsetMs)}</li>
    </Box>
  );
}
