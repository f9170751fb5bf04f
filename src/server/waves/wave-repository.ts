import type { Wave } from '@/contracts/waves';

/**
 * Where waves live. The runner reads and writes through this interface only, so the storage (a JSON file per
 * wave today; the store's tables later) can change without touching it. `save` is atomic: after a crash the
 * wave is either as it was or as it is now, never half-written.
 */
export interface WaveRepository {
  list(): Promise<Wave[]>;
  get(id: string): Promise<Wave | undefined>;
  save(wave: Wave): Promise<void>;
}

/** In memory, for tests of the runner. */
export function createMemoryWaveRepository(): WaveRepository & { saves: number } {
  const waves = new Map<string, string>();
  const repository = {
    saves: 0,
    list: () => Promise.resolve([...waves.values()].map((text) => JSON.parse(text) as Wave)),
    get: (id: string) => {
      const text = waves.get(id);
      return Promise.resolve(text ? (JSON.parse(text) as Wave) : undefined);
    },
    save: (wave: Wave) => {
      repository.saves++;
      waves.set(wave.id, JSON.stringify(wave));
      return Promise.resolve();
    },
  };
  return repository;
}
