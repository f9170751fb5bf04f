import type { Hono } from 'hono';
import type { SimClock } from '../clock';
import { createTargetApp } from './app';
import { createTargetFaults } from './faults';
import type { GeiStorageLike } from './gei-storage-port';
import { createTargetState, type TargetState } from './state';
import { authorizeUpload } from './upload-auth';
import type { TargetWorld } from './world';

export type StorageFactory = (options: {
  now: () => number;
  authorize: (
    authorization: string | undefined,
    orgDatabaseId: number,
  ) => { status: number; message: string } | undefined;
}) => GeiStorageLike;

export interface TargetSimulator {
  /** The target GitHub.com's HTTP app (reads the current world on every request). */
  app: Hono;
  world: TargetWorld;
  /** A fresh target world (seeded again, storage emptied), on the same clock. */
  reset(): void;
  /** The target world for the world file. */
  save(): unknown;
  /** Take up a saved target world; false (and nothing changed) when it is not one. */
  load(saved: unknown): boolean;
}

/**
 * The target GitHub.com beside the simulated source: its own state on the one simulated clock, GitHub-owned
 * storage, and the source's archive URLs reachable through `fetchSource`.
 */
export function createTargetSimulator(options: {
  clock: SimClock;
  fetchSource: (request: Request) => Promise<Response>;
  createStorage: StorageFactory;
}): TargetSimulator {
  let state = createTargetState(options.clock);
  const newStorage = () =>
    options.createStorage({
      now: () => options.clock.now(),
      authorize: (authorization, orgDatabaseId) => authorizeUpload(state, authorization, orgDatabaseId),
    });
  let storage = newStorage();
  const world: TargetWorld = {
    state: () => state,
    clock: options.clock,
    storage: () => storage,
    fetchSource: options.fetchSource,
    faults: createTargetFaults(),
  };
  return {
    app: createTargetApp(world),
    world,
    reset() {
      state = createTargetState(options.clock);
      storage = newStorage();
      world.faults.clear();
    },
    save: () => ({ state, storage: storage.save() }),
    load(saved) {
      const value = saved as { state?: TargetState; storage?: unknown } | undefined;
      if (!value?.state || !(value.state.tokens instanceof Map) || !Array.isArray(value.state.migrations))
        return false;
      const next = newStorage();
      if (!next.load(value.storage)) return false;
      state = value.state;
      storage = next;
      return true;
    },
  };
}
