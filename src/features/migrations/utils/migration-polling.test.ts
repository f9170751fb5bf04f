import { describe, expect, it } from 'vitest';
import { MIGRATION_POLL_POLICY, migrationPollInterval } from './migration-polling';

describe('migrationPollInterval', () => {
  it('polls at the minimum while something runs and nothing has settled', () => {
    expect(migrationPollInterval({ states: ['pending'], unchangedMs: 0 })).toBe(MIGRATION_POLL_POLICY.minMs);
    expect(migrationPollInterval({ states: ['exported', 'exporting'], unchangedMs: 0 })).toBe(2_000);
  });

  it('backs off while unchanged, capped', () => {
    expect(migrationPollInterval({ states: ['exporting'], unchangedMs: 20_000 })).toBe(10_000);
    expect(migrationPollInterval({ states: ['exporting'], unchangedMs: 10 * 60_000 })).toBe(
      MIGRATION_POLL_POLICY.maxMs,
    );
  });

  it('stops when every migration is exported or failed, when there are none, and before the first load', () => {
    expect(migrationPollInterval({ states: ['exported', 'failed'], unchangedMs: 0 })).toBe(false);
    expect(migrationPollInterval({ states: [], unchangedMs: 0 })).toBe(false);
    expect(migrationPollInterval({ states: undefined, unchangedMs: 0 })).toBe(false);
  });

  it('keeps checking an unknown state, and waits out a rate limit', () => {
    expect(migrationPollInterval({ states: ['queued'], unchangedMs: 0 })).toBe(2_000);
    expect(migrationPollInterval({ states: ['pending'], unchangedMs: 0, rateLimitedForMs: 45_000 })).toBe(
      45_000,
    );
  });
});
