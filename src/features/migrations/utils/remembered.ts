import type { RememberedMigration } from '../api/migration-queries';
import type { MigrationMemory, StateSeen } from './local-memory';

/**
 * This browser's memory of a migration, joined with what the gateway's store remembers (every browser's
 * unlocks, the states the shared watcher saw, an archive deleted elsewhere). States are ordered by time and
 * a state repeated back to back is shown once.
 */
export function withRemembered(
  memory: MigrationMemory,
  remembered: RememberedMigration | undefined,
  guid: string | undefined,
): MigrationMemory {
  if (!remembered) return memory;
  const events = remembered.events.filter((event) => {
    const theirs = event.detail?.guid;
    return !guid || typeof theirs !== 'string' || theirs === guid;
  });
  const seen: StateSeen[] = [
    ...memory.states,
    ...events
      .filter((event) => event.state !== 'archive deleted')
      .map((event) => ({ state: event.state, at: Date.parse(event.at) })),
  ].sort((a, b) => a.at - b.at);
  const states = seen.filter((entry, index) => index === 0 || seen[index - 1]!.state !== entry.state);
  const unlocked = [...new Set([...memory.unlocked, ...remembered.unlocked])];
  const archiveDeleted = memory.archiveDeleted || events.some((event) => event.state === 'archive deleted');
  return { ...memory, states, unlocked, archiveDeleted };
}
