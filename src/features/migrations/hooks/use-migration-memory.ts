import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { withState, type MigrationMemory } from '../utils/local-memory';
import { getMemory, subscribeMemory, updateMemory } from '../utils/memory-store';
import type { Migration } from '../utils/parse-migration';

/** This browser's memory of one migration (timeline, unlocked repositories, deleted archive); records each new state. */
export function useMigrationMemory(scopeKey: string, id: number, migration: Migration | undefined) {
  const memory = useSyncExternalStore(
    subscribeMemory,
    () => getMemory(scopeKey, id),
    () => getMemory(scopeKey, id),
  );
  const update = useCallback(
    (change: (current: MigrationMemory) => MigrationMemory) => updateMemory(scopeKey, id, change),
    [scopeKey, id],
  );

  const state = migration?.state;
  const changedAt = migration?.updatedAt;
  useEffect(() => {
    if (state === undefined || changedAt === undefined) return;
    updateMemory(scopeKey, id, (current) =>
      current.states.at(-1)?.state === state
        ? current
        : { ...current, states: withState(current.states, state, changedAt) },
    );
  }, [scopeKey, id, state, changedAt]);

  return { memory, update };
}
