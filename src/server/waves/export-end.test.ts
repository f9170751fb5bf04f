import { describe, expect, it } from 'vitest';
import { exportEndedAt } from './export-end';

const migration = (created: string, updated: string) => ({
  id: 1,
  state: 'exported',
  created_at: created,
  updated_at: updated,
});

describe('when an export ended, on this gateway’s clock', () => {
  it('places the end where GitHub says, as a fraction of the interval from the start to the check', () => {
    // GitHub: created 10:00:00, exported 10:01:00, answered 10:04:00 — the end is a quarter of the way.
    const body = migration('2026-11-27T10:00:00Z', '2026-11-27T10:01:00Z');
    const date = 'Fri, 27 Nov 2026 10:04:00 GMT';
    expect(exportEndedAt(body, date, 1_000, 5_000)).toBe(2_000);
  });

  it('works across clocks of different speeds (a simulator 500× faster than the gateway)', () => {
    const body = migration('2026-11-27T10:00:00Z', '2026-11-27T10:05:00Z'); // 300 s of GitHub's time
    const date = 'Fri, 27 Nov 2026 10:10:00 GMT'; // answered 600 s after the start
    // The gateway saw 1.2 s between start and check: the end was 0.6 s after the start.
    expect(exportEndedAt(body, date, 10_000, 11_200)).toBe(10_600);
  });

  it('falls back to the check’s time when GitHub’s times are missing, unreadable or out of order', () => {
    const good = migration('2026-11-27T10:00:00Z', '2026-11-27T10:01:00Z');
    expect(exportEndedAt(good, null, 1_000, 5_000)).toBe(5_000);
    expect(exportEndedAt(good, 'not a date', 1_000, 5_000)).toBe(5_000);
    expect(exportEndedAt({ id: 1 }, 'Fri, 27 Nov 2026 10:04:00 GMT', 1_000, 5_000)).toBe(5_000);
    // Updated after GitHub's own answer, or before its creation.
    expect(
      exportEndedAt(
        migration('2026-11-27T10:00:00Z', '2026-11-27T10:09:00Z'),
        'Fri, 27 Nov 2026 10:04:00 GMT',
        1_000,
        5_000,
      ),
    ).toBe(5_000);
    expect(
      exportEndedAt(
        migration('2026-11-27T10:00:00Z', '2026-11-27T09:00:00Z'),
        'Fri, 27 Nov 2026 10:04:00 GMT',
        1_000,
        5_000,
      ),
    ).toBe(5_000);
    // A check that is not after the start (clock stepped back).
    expect(exportEndedAt(good, 'Fri, 27 Nov 2026 10:04:00 GMT', 5_000, 5_000)).toBe(5_000);
  });
});
