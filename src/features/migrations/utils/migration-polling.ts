import { pollInterval, type PollPolicy } from '@/lib/polling-policy';
import { isMigrationFinished } from '@/contracts/github/migration';

/** Migrations move in seconds to minutes: check every 2 s at first, back off to 30 s while nothing changes. */
export const MIGRATION_POLL_POLICY: PollPolicy = { minMs: 2_000, maxMs: 30_000 };

export interface MigrationPollInput {
  /** The states currently shown (one for a migration page, all on a list page); undefined before the first load. */
  states: readonly string[] | undefined;
  unchangedMs: number;
  rateLimitedForMs?: number;
}

/** Poll while any migration is running; stop once all are exported or failed (or there are none). */
export function migrationPollInterval(input: MigrationPollInput): number | false {
  const active = input.states?.some((state) => !isMigrationFinished(state)) ?? false;
  return pollInterval(
    {
      phase: active ? 'active' : 'terminal',
      unchangedMs: input.unchangedMs,
      rateLimitedForMs: input.rateLimitedForMs,
    },
    MIGRATION_POLL_POLICY,
  );
}
