import { spendSecondary as spendShared } from '@/simulator/graphql/secondary-limit';
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

/** The secondary limit (../../graphql/secondary-limit.ts) on the target's state. */
export function spendSecondary(
  state: TargetState,
  account: string,
  mutation: boolean,
  now: number,
): number | undefined {
  state.secondary ??= new Map(); // a world saved before this rule
  return spendShared(state.secondary, state.originMs, account, mutation, now);
}
