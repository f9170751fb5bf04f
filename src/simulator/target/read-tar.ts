import { readArchive } from '../github/migrations/read-archive';

/** The most an archive may inflate to (the simulator's archives are scaled down; this only bounds memory). */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;

export class ArchiveTooLargeError extends Error {}

/**
 * A tar.gz as name → bytes of its files, refusing one that inflates past `maxInflatedBytes` (zlib stops there:
 * a gzip bomb is never inflated whole). Throws when it is not a gzip-compressed tar.
 */
export async function readTarGz(
  bytes: Buffer,
  maxInflatedBytes = MAX_INFLATED_BYTES,
): Promise<Map<string, Buffer>> {
  try {
    return await readArchive(bytes, { maxInflatedBytes, filesOnly: true });
  } catch (error) {
    if (error instanceof RangeError) throw new ArchiveTooLargeError('inflates past the bound');
    throw error;
  }
}
