/** A request the user can fix (unknown organization, nothing selected): answered 422. */
export class WaveInputError extends Error {}
