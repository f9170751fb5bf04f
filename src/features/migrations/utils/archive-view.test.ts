import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIFETIME_MS, archiveView, formatRemaining } from './archive-view';

const exportedAt = Date.UTC(2026, 0, 1);

describe('archiveView', () => {
  it('follows the migration through its states', () => {
    expect(archiveView({ state: 'pending', updatedAt: exportedAt }, exportedAt, false)).toEqual({
      kind: 'not-ready',
    });
    expect(archiveView({ state: 'exporting', updatedAt: exportedAt }, exportedAt, false)).toEqual({
      kind: 'not-ready',
    });
    expect(archiveView({ state: 'failed', updatedAt: exportedAt }, exportedAt, false)).toEqual({
      kind: 'failed',
    });
    expect(archiveView({ state: 'exported', updatedAt: exportedAt }, exportedAt + 1_000, false)).toEqual({
      kind: 'available',
      expiresAt: exportedAt + ARCHIVE_LIFETIME_MS,
      remainingMs: ARCHIVE_LIFETIME_MS - 1_000,
    });
  });

  it('is deleted when this browser deleted it, and expired seven days after the export', () => {
    expect(archiveView({ state: 'exported', updatedAt: exportedAt }, exportedAt, true)).toEqual({
      kind: 'deleted',
    });
    expect(
      archiveView({ state: 'exported', updatedAt: exportedAt }, exportedAt + ARCHIVE_LIFETIME_MS, false),
    ).toEqual({
      kind: 'expired',
      expiredAt: exportedAt + ARCHIVE_LIFETIME_MS,
    });
  });
});

describe('formatRemaining', () => {
  it.each([
    [ARCHIVE_LIFETIME_MS, '7 days'],
    [ARCHIVE_LIFETIME_MS - 3_600_000, '6 days 23 hours'],
    [3_600_000 + 5 * 60_000, '1 hour 5 minutes'],
    [2 * 3_600_000, '2 hours'],
    [60_000, '1 minute'],
    [59_000, 'less than a minute'],
    [-5, 'less than a minute'],
  ])('%i ms → %s', (ms, text) => expect(formatRemaining(ms)).toBe(text));
});
