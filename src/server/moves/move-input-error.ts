/** A move request the user can fix (no such organization, nothing selected, no target credential): a 422. */
export class MoveInputError extends Error {
  override name = 'MoveInputError';
}

/** A move the signed-in person's role may not plan or act on (a self-service person's selection): a 403. */
export class MoveForbiddenError extends MoveInputError {
  override name = 'MoveForbiddenError';
}
