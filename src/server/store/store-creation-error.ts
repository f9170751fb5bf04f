/**
 * A new embedded store could not be made: its folder held no store before (no `PG_VERSION`), so nothing was
 * lost and there is no backup to restore — unlike a store that exists and does not open (`open-failure.ts`).
 */
export class StoreCreationError extends Error {
  override name = 'StoreCreationError';
  constructor(
    readonly folder: string,
    /** What went wrong, in a few words. */
    readonly why: string,
    /** Set when the creation did not end within this time (a busy machine) rather than failed. */
    readonly timedOutAfterMs?: number,
    options?: ErrorOptions,
  ) {
    super(`the embedded store could not be created in ${folder}: ${why}`, options);
  }
}
