/** Wait until every one of `promises` has settled, or `ms` have passed, whichever comes first. */
export async function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0 || ms <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
