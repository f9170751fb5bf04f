/**
 * GitHub's secondary limit for GraphQL: at most 2,000 points a minute per account, a query counting 1 and a
 * mutation 5 (https://docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api). Whole
 * minutes from the world's start (`originMs`). Both simulated GitHubs (source and target) keep it this way.
 */
export const SECONDARY_POINTS_PER_MINUTE = 2_000;

/** account → [minute since the origin, points spent in it]. */
export type SecondaryWindows = Map<string, [number, number]>;

/** Spends the request's points; answers the seconds to wait when it is over the limit (then nothing is spent). */
export function spendSecondary(
  windows: SecondaryWindows,
  originMs: number,
  account: string,
  mutation: boolean,
  now: number,
): number | undefined {
  const minute = Math.floor((now - originMs) / 60_000);
  const [chargedMinute, charged] = windows.get(account) ?? [minute, 0];
  const used = chargedMinute === minute ? charged : 0;
  const cost = mutation ? 5 : 1;
  if (used + cost > SECONDARY_POINTS_PER_MINUTE) {
    return Math.max(1, Math.ceil((originMs + (minute + 1) * 60_000 - now) / 1000));
  }
  windows.set(account, [minute, used + cost]);
  return undefined;
}
