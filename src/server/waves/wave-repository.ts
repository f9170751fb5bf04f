import type { Wave } from '@/contracts/waves';

/**
 * Where waves live (implemented on the store: src/server/store/wave-store.ts). The runner reads and writes
 * through this interface only. `save` is atomic: after a crash the wave is as it was or as it is now.
 */
export interface WaveRepository {
  list(): Promise<Wave[]>;
  get(id: string): Promise<Wave | undefined>;
  save(wave: Wave): Promise<void>;
}
