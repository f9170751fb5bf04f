import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { migrationQueries } from '../api/migration-queries';
import { withRemembered } from '../utils/remembered';
import { EMPTY_MEMORY, withState, type MigrationMemory } from '../utils/local-memory';
import { getMemory, subscribeMemory, updateMemory } from '../utils/memory-store';
import type { Migration } from '@/contracts/github/migration';
import { scopeKey as keyOf, type MigrationScope } from '../utils/scope';

/** This browser's memory of one migration (timeline, unlocked repositories, deleted archive); records each new state. */
export function useMigrationMemory(scope: MigrationScope, id: number, migration: Migration | undefined) {
  const scopeKey = keyOf(scope);
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
  const guid = migration?.guid;
  useEffect(() => {
    if (state === undefined || changedAt === undefined) return;
    updateMemory(scopeKey, id, (current) => {
      // Memory of another migration that had this id (a reset simulator): start afresh.
      const mine = !guid || !current.guid || current.guid === guid ? current : { ...EMPTY_MEMORY };
      if (mine.states.at(-1)?.state === state && mine.guid === (guid || mine.guid)) return mine;
      return { ...mine, guid: guid || mine.guid, states: withState(mine.states, state, changedAt) };
    });
  }, [scopeKey, id, state, changedAt, guid]);

  const remembered = useQuery(migrationQueries.remembered(scope, id)).data;
  const merged = useMemo(() => withRemembered(memory, remembered, guid), [memory, remembered, guid]);
  return { memory: merged, update };
}
