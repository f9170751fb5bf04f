/** The archive could not be counted: not a gzip tar, past a bound, or a repository that cannot be read. */
export class ArchiveCountError extends Error {
  override name = 'ArchiveCountError';
}
