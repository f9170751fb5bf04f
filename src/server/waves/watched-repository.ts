import type { Wave } from '@/contracts/waves';
import type { WaveRepository } from './wave-repository';

/** The repository, telling `onChange` what each write changed (the wave as read in the same transaction). */
export function watchedRepository(
  repository: WaveRepository,
  onChange: ((before: Wave, after: Wave) => void) | undefined,
): WaveRepository {
  if (!onChange) return repository;
  return {
    ...repository,
    async update(id, change) {
      let before: Wave | undefined;
      const after = await repository.update(id, (current) => {
        before = current;
        return change(current);
      });
      if (before && after && before !== after) onChange(before, after);
      return after;
    },
  };
}
