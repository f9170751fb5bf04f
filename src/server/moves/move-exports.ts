import type { PlannedRepo, WaveCaps, WavePreview } from '@/contracts/waves';
import { PER_PAGE, preview } from '@/server/waves/planner';

/**
 * The source's side of a move's cost, by the wave planner's own arithmetic (`preview()`): GEI wants one
 * repository per archive, so the ready repositories are batches of one, locked by their export and unlocked
 * once validated. The listing is the whole organization's (`listed`), read once.
 */
export function moveExports(
  ready: readonly PlannedRepo[],
  listed: number,
  caps: Pick<WaveCaps, 'maxSizeKb' | 'concurrency'>,
): Pick<WavePreview, 'requests' | 'estimatedSeconds'> {
  const exports = preview(
    [...ready],
    {},
    { maxRepos: 1, maxSizeKb: caps.maxSizeKb, concurrency: caps.concurrency },
    {
      lockRepositories: true,
      unlockWhenVerified: true,
      deleteAfterDownload: false,
      excludeMetadata: false,
      excludeGitData: false,
      excludeAttachments: false,
      excludeReleases: false,
      excludeOwnerProjects: false,
    },
  );
  const listing = Math.max(1, Math.ceil(listed / PER_PAGE));
  const shift = listing - exports.requests.listing;
  return {
    requests: {
      ...exports.requests,
      listing,
      total: exports.requests.total + shift,
      totalMax: exports.requests.totalMax + shift,
    },
    estimatedSeconds: exports.estimatedSeconds,
  };
}
