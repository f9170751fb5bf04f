import { readMemory, writeMemory, type MigrationMemory } from './local-memory';

/**
 * The per-migration memory as an external store: one stable snapshot per migration (for useSyncExternalStore),
 * written through to localStorage, and every subscriber told of changes (the list's "find locked repository" and a
 * migration page stay in agreement).
 */
const snapshots = new Map<string, MigrationMemory>();
const listeners = new Set<() => void>();

const keyOf = (scopeKey: string, id: number) => `${scopeKey}#${id}`;

export function getMemory(scopeKey: string, id: number): MigrationMemory {
  const key = keyOf(scopeKey, id);
  let memory = snapshots.get(key);
  if (!memory) {
    memory = readMemory(scopeKey, id);
    snapshots.set(key, memory);
  }
  return memory;
}

export function updateMemory(
  scopeKey: string,
  id: number,
  change: (current: MigrationMemory) => MigrationMemory,
) {
  const current = getMemory(scopeKey, id);
  const next = change(current);
  if (next === current) return;
  snapshots.set(keyOf(scopeKey, id), next);
  writeMemory(scopeKey, id, next);
  for (const listener of listeners) listener();
}

export function subscribeMemory(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget cached snapshots (tests clear localStorage between runs). */
export function resetMemoryCache(): void {
  snapshots.clear();
}
