/**
 * A time read from GitHub (its `created_at`, `updated_at`, a reset) on this browser's clock: the simulated
 * GitHub's clock may run ahead (SIM_SPEED, /__sim/advance), and a live one may drift. `clockOffsetMs` is
 * GitHub's clock minus this one (the rate-limit store's, from `Date` headers). Every time a page shows is on
 * this browser's clock, so "now", "updated 5 s ago" and GitHub's times read on one clock.
 */
export function onLocalClock(githubMs: number, clockOffsetMs: number): number {
  return githubMs - clockOffsetMs;
}

/** An object's GitHub times (`createdAt`, `updatedAt`) moved onto this browser's clock; the same object when none moves. */
export function timesOnLocalClock<T extends { createdAt: number; updatedAt: number }>(
  item: T,
  clockOffsetMs: number,
): T {
  if (clockOffsetMs === 0) return item;
  return {
    ...item,
    createdAt: onLocalClock(item.createdAt, clockOffsetMs),
    updatedAt: onLocalClock(item.updatedAt, clockOffsetMs),
  };
}
