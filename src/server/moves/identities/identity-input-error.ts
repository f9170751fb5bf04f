/** Something the person asking can fix (an unknown organization or credential): answered 422 with the reason. */
export class IdentityInputError extends Error {
  override name = 'IdentityInputError';
}
