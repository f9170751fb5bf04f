import type { TargetState } from '../state';
import { orgView } from '../views';
import { iso, type GqlContext } from './context';

/**
 * GraphQL's primary limit: 5,000 points an hour per account (user, or App installation), in whole hours counted
 * from when the world began. Each request costs what `cost.ts` computes; the import's own work is charged to the
 * account that started it when it ends (gh-gei#1425: GEI backend operations count against the PAT).
 */
export const POINTS_PER_HOUR = 5_000;
const HOUR = 3_600_000;

const hourOf = (state: TargetState, now: number) => Math.floor((now - state.originMs) / HOUR);

export function resetAtMs(state: TargetState, now: number): number {
  return state.originMs + (hourOf(state, now) + 1) * HOUR;
}

/** Points the account spent this hour: its requests plus the work of its imports that ended this hour. */
export function pointsUsed(state: TargetState, account: string, now: number): number {
  const hour = hourOf(state, now);
  const [chargedHour, charged] = state.points.get(account) ?? [hour, 0];
  const own = chargedHour === hour ? charged : 0;
  const imports = orgView(state, now)
    .migrations.filter(
      (view) =>
        view.migration.startedBy === account &&
        view.timeline.endAt <= now &&
        hourOf(state, view.timeline.endAt) === hour,
    )
    .reduce((sum, view) => sum + view.migration.importPoints, 0);
  return own + imports;
}

export function charge(state: TargetState, account: string, points: number, now: number): void {
  const hour = hourOf(state, now);
  const [chargedHour, charged] = state.points.get(account) ?? [hour, 0];
  state.points.set(account, [hour, (chargedHour === hour ? charged : 0) + points]);
}

export function rateLimitObject(ctx: GqlContext) {
  const used = pointsUsed(ctx.state, ctx.caller.account, ctx.now);
  return {
    limit: POINTS_PER_HOUR,
    cost: ctx.cost,
    used,
    remaining: Math.max(0, POINTS_PER_HOUR - used),
    resetAt: iso(resetAtMs(ctx.state, ctx.now)),
    nodeCount: 0,
  };
}

/**
 * GitHub's secondary limit for GraphQL: at most 2,000 points a minute per account, a query counting 1 and a
 * mutation 5 (https://docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api). Whole
 * minutes from the world's start. Answers the seconds to wait when the request is over the limit (not counted).
 */
export const SECONDARY_POINTS_PER_MINUTE = 2_000;

export function spendSecondary(
  state: TargetState,
  account: string,
  mutation: boolean,
  now: number,
): number | undefined {
  const minute = Math.floor((now - state.originMs) / 60_000);
  state.secondary ??= new Map(); // a world saved before this rule
  const [chargedMinute, charged] = state.secondary.get(account) ?? [minute, 0];
  const used = chargedMinute === minute ? charged : 0;
  const cost = mutation ? 5 : 1;
  if (used + cost > SECONDARY_POINTS_PER_MINUTE) {
    return Math.max(1, Math.ceil((state.originMs + (minute + 1) * 60_000 - now) / 1000));
  }
  state.secondary.set(account, [minute, used + cost]);
  return undefined;
}
