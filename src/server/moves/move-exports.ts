import type { PlannedRepo, WaveCaps, WavePreview } from '@/contracts/waves';
import { PER_PAGE, preview } from '@/server/waves/planner';
import { parsePlanRequest } from '@/server/waves/routes';

/** A move's exports: locked, unlocked once validated, nothing left out — otherwise the wave parser's defaults. */
const MOVE_EXPORT_OPTIONS = (() => {
  const wave = parsePlanRequest({
    owner: { kind: 'org', login: 'move' },
    options: { lockRepositories: true, unlockWhenVerified: true },
  });
  if ('error' in wave) throw new Error(wave.error);
  return wave.options;
})();

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
    MOVE_EXPORT_OPTIONS,
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
