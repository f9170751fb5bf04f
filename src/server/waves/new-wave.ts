import type { Wave, WavePlanRequest } from '@/contracts/waves';
import { arrangedBatches, filterRepos, planBatches } from './planner';
import type { RepositoryListing } from './repository-listing';
import { WaveInputError } from './wave-input-error';
import { createWave } from './wave-machine';

/**
 * The wave a request makes of the owner's listing: the filters select, the user's arrangement (or the caps)
 * batch, and the listing's pages are its first requests. Its id is the day and `suffix` (a random part). What the
 * user can fix (a name in two batches, nothing selected) throws `WaveInputError`.
 */
export function newWave(
  request: WavePlanRequest,
  listing: RepositoryListing,
  at: number,
  suffix: string,
): Wave {
  const selected = filterRepos(listing.repos, request.filters);
  const batches = request.batches
    ? arrangedBatches(selected, request.batches)
    : planBatches(selected, request.caps);
  if (typeof batches === 'string') throw new WaveInputError(batches);
  if (batches.length === 0) throw new WaveInputError('No repository matches these filters.');
  const time = new Date(at).toISOString();
  return { ...createWave(`${time.slice(0, 10)}-${suffix}`, request, batches, time), requests: listing.pages };
}
