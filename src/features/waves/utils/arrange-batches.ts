/**
 * The user's arrangement of a previewed plan: batches as lists of repository names. Moving a repository
 * takes it out of its batch and adds it to another, or to a new batch at the end; a batch left empty goes.
 */
export type Arrangement = string[][];

export const NEW_BATCH = -1;

export function moveRepository(batches: Arrangement, name: string, to: number): Arrangement {
  const from = batches.findIndex((batch) => batch.includes(name));
  if (from < 0 || from === to) return batches;
  const next = batches.map((batch, index) =>
    index === from ? batch.filter((repo) => repo !== name) : [...batch],
  );
  if (to === NEW_BATCH || to >= next.length) next.push([name]);
  else next[to]?.push(name);
  return next.filter((batch) => batch.length > 0);
}

/** Whether the arrangement differs from the plan it started from (then it is sent with the wave). */
export function isRearranged(plan: Arrangement, arrangement: Arrangement): boolean {
  return JSON.stringify(plan) !== JSON.stringify(arrangement);
}
