/** A move request the user can fix (no such organization, nothing selected, no target credential): a 422. */
export class MoveInputError extends Error {
  override name = 'MoveInputError';
}
