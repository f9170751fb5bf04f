import { ArchiveCountError } from '../validation/archive-count-error';

/**
 * An archive the identity map cannot read (not JSON, past a bound): said per archive, never a 500. A kind of the
 * validation's error, so the shared archive pass passes it through with its own words.
 */
export class ArchiveIdentityError extends ArchiveCountError {
  override name = 'ArchiveIdentityError';
}
