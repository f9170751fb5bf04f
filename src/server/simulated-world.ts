import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Simulator } from '@/simulator/simulator';

export const WORLD_FILE_NAME = 'simulator-world.json';
/** How often the clock's progress is saved when nothing else changes. */
const SAVE_EVERY_MS = 10_000;
/** A write through the simulator is saved this soon after (several in a burst: once). */
const SAVE_AFTER_WRITE_MS = 200;

export interface KeptWorld {
  /** Call after every request the simulator answered: writes are saved at once. */
  answered(method: string): void;
  /**
   * Stop saving on its own (the interval, a pending save, later changes), then save once more: after it,
   * nothing writes into DATA_DIR (a folder removed after a stop was written into again by the interval).
   */
  close(): Promise<void>;
}

/**
 * The embedded simulator keeps its world in DATA_DIR, so restarting `npm start` continues the same
 * exports (same ids, same clock) instead of silently starting a new GitHub. `POST /__sim/reset` is the one
 * way to start over: it saves the fresh world. A world of another scenario or file version is not taken up.
 */
export function keepSimulatedWorld(
  simulator: Simulator,
  dataDir: string,
  log: (message: string) => void = console.log,
): KeptWorld {
  const file = path.join(dataDir, WORLD_FILE_NAME);
  if (existsSync(file)) {
    const taken = simulator.loadWorld(readFileSync(file, 'utf8'));
    log(
      taken
        ? `  Simulator: the world saved in ${file} continues (POST /__sim/reset starts over)`
        : `  Simulator: ${file} is of another scenario or version; starting a fresh world`,
    );
  }
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const save = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing
      .then(async () => {
        await mkdir(dataDir, { recursive: true });
        const partial = `${file}.partial`;
        await writeFile(partial, simulator.saveWorld());
        // A rename replaces the file whole: a crash mid-write leaves the previous world, never half of one.
        await rename(partial, file);
      })
      .catch((error: unknown) =>
        log(`Simulator world not saved: ${error instanceof Error ? error.message : String(error)}`),
      );
    return writing;
  };
  const soon = () => {
    if (timer || closed) return;
    timer = setTimeout(() => void save(), SAVE_AFTER_WRITE_MS);
    timer.unref?.();
  };
  const interval = setInterval(() => void save(), SAVE_EVERY_MS);
  interval.unref?.();
  const unsubscribe = simulator.onChange(soon);
  return {
    answered(method) {
      if (method !== 'GET' && method !== 'HEAD') soon();
    },
    close() {
      if (closed) return writing;
      closed = true;
      clearInterval(interval);
      unsubscribe();
      return save();
    },
  };
}
