import type { Wave } from '@/contracts/waves';

/**
 * Where waves live (implemented on the store: src/server/store/wave-store.ts). The runner reads and writes
 * through this interface only. Writes are atomic: after a crash the wave is as it was or as it is now.
 */
export interface WaveRepository {
  list(): Promise<Wave[]>;
  get(id: string): Promise<Wave | undefined>;
  /** Write a new wave (or overwrite one). */
  save(wave: Wave): Promise<void>;
  /**
   * Read the wave, apply `change` and write the result in one transaction that holds the wave's row: every
   * change of a running wave goes through here, from whichever gateway. `change` returning its argument writes
   * nothing; an unknown id gives `undefined`.
   */
  update(id: string, change: (wave: Wave) => Wave): Promise<Wave | undefined>;
}
