import { describe, expect, it } from 'vitest';
import { isMigrationId, isStoredId, parseSince, storable, validRecentKey, validSave } from './ferry-request';

const NOW = new Date('2026-11-26T10:00:00Z');

describe('a since parameter', () => {
  it('defaults to the fallback before now', () => {
    expect(parseSince(undefined, 3_600_000, NOW)?.toISOString()).toBe('2026-11-26T09:00:00.000Z');
  });

  it('takes ISO dates and times, with or without a zone', () => {
    expect(parseSince('2026-11-01', 0, NOW)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseSince('2026-11-01T08:30:00+02:00', 0, NOW)?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(parseSince('1970-01-01T00:00:00Z', 0, NOW)).toBeDefined();
    expect(parseSince('9999-12-31T23:59:59.999Z', 0, NOW)).toBeDefined();
  });

  it('refuses what the store cannot hold or Date.parse merely guesses', () => {
    for (const raw of ['-271821-04-20T00:00:00.000Z', '1', 'Thu, 26 Nov 2026 10:00:00 GMT', '1969-12-31', ''])
      expect(parseSince(raw, 0, NOW), raw).toBeUndefined();
  });
});

describe('text the store keeps as sent', () => {
  it('refuses NUL, other control characters and lone surrogates, and text over its length', () => {
    expect(storable('Ada Lovelace', 256)).toBe(true);
    expect(storable('😀', 256)).toBe(true);
    for (const bad of ['a\u0000b', 'a\nb', 'a\u007fb', 'a\uD800b', 'a\uDC00b'])
      expect(storable(bad, 256), JSON.stringify(bad)).toBe(false);
    expect(storable('x'.repeat(257), 256)).toBe(false);
    expect(storable(42, 256)).toBe(false);
  });
});

describe('ids the store keeps', () => {
  it('are whole numbers from 1 to 2^31 - 1', () => {
    expect([1, 2 ** 31 - 1].every(isStoredId)).toBe(true);
    expect([0, -1, 1.5, 2 ** 31, Number.NaN, '1'].some(isStoredId)).toBe(false);
  });

  it('as a migration in a query: digits only, no sign, exponent or leading zero', () => {
    expect(isMigrationId('2147483647')).toBe(true);
    for (const raw of ['2147483648', '99999999999999999999', '0', '1e3', '01', '-1', undefined])
      expect(isMigrationId(raw), String(raw)).toBe(false);
  });
});

describe('a recent item’s key', () => {
  it('is a login, owner/repository or a TLD by its kind', () => {
    expect(validRecentKey('org', 'octo-org')).toBe(true);
    expect(validRecentKey('import', 'octo-org/api')).toBe(true);
    expect(validRecentKey('tld', 'dev')).toBe(true);
    expect(validRecentKey('org', '../../user/emails')).toBe(false);
    expect(validRecentKey('import', 'octo-org')).toBe(false);
    expect(validRecentKey('tld', 'not a tld')).toBe(false);
  });
});

describe('a draft save', () => {
  const save = { authorId: 7, name: 'Ada', email: 'ada@example.com', baseVersion: 0 };
  it('names a stored author id, storable name and e-mail, and the version it was based on', () => {
    expect(validSave(save)).toBe(true);
    expect(validSave({ ...save, authorId: 2 ** 31 })).toBe(false);
    expect(validSave({ ...save, name: 'A\u0000' })).toBe(false);
    expect(validSave({ ...save, email: 'x'.repeat(321) })).toBe(false);
    expect(validSave({ ...save, baseVersion: -1 })).toBe(false);
    expect(validSave({ ...save, baseVersion: 0.5 })).toBe(false);
    expect(validSave(null)).toBe(false);
  });
});
