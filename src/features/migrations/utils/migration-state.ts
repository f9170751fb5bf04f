import type { Migration } from './parse-migration';

export const KNOWN_STATES = ['pending', 'exporting', 'exported', 'failed'] as const;
export type KnownState = (typeof KNOWN_STATES)[number];

export function isKnownState(state: string): state is KnownState {
  return (KNOWN_STATES as readonly string[]).includes(state);
}

/** Terminal: nothing more will happen. Unknown states are treated as still running (so they are re-checked). */
export function isTerminal(state: string): boolean {
  return state === 'exported' || state === 'failed';
}

export function isRunning(state: string): boolean {
  return !isTerminal(state);
}

/** How many migrations are in each state (known states always present, unknown ones added). */
export function countByState(migrations: readonly Migration[]): Record<string, number> {
  const counts: Record<string, number> = { pending: 0, exporting: 0, exported: 0, failed: 0 };
  for (const migration of migrations) counts[migration.state] = (counts[migration.state] ?? 0) + 1;
  return counts;
}

/** The stepper's active step: 0 pending, 1 exporting, 2 done (exported or failed). */
export function stepIndex(state: string): number {
  if (state === 'pending') return 0;
  if (state === 'exporting') return 1;
  if (isTerminal(state)) return 2;
  return 0;
}
