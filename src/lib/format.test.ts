import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatClockTime,
  formatDateTime,
  formatDuration,
  formatKib,
  formatNumber,
  formatResetTime,
} from './format';

// Built from local parts, so the expectations hold in any time zone.
const AT = new Date(2024, 0, 1, 14, 5, 9).getTime();

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [499, '0 s'],
    [500, '1 s'],
    [12_000, '12 s'],
    [59_400, '59 s'],
    [60_000, '1 min 00 s'],
    [250_000, '4 min 10 s'],
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h 00 min'],
    [3_900_000, '1 h 05 min'],
    [3_959_000, '1 h 05 min'],
    [90_000_000, '25 h 00 min'],
  ])('formats %i ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('reads negative durations as 0 s', () => {
    expect(formatDuration(-5_000)).toBe('0 s');
  });
});

describe('formatClockTime', () => {
  it('gives hours and minutes', () => {
    expect(formatClockTime(AT, 'en-GB')).toBe('14:05');
  });
});

describe('formatDateTime', () => {
  it('gives the date and the time', () => {
    expect(formatDateTime(AT, 'en-GB')).toBe('1 Jan 2024, 14:05');
  });
});

describe('formatNumber', () => {
  it('groups digits for the locale', () => {
    expect(formatNumber(5000, 'en-US')).toBe('5,000');
    expect(formatNumber(1_234_567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(0, 'en-US')).toBe('0');
  });
});

describe('formatResetTime', () => {
  it('gives the clock time with seconds within a day', () => {
    expect(formatResetTime(AT, AT - 3_600_000, 'en-GB')).toBe('14:05:09');
    expect(formatResetTime(AT, AT + 86_399_999, 'en-GB')).toBe('14:05:09');
  });

  it('gives the full date further away', () => {
    expect(formatResetTime(AT, AT - 86_400_000, 'en-GB')).toBe('1 Jan 2024, 14:05');
    expect(formatResetTime(AT, AT + 2 * 86_400_000, 'en-GB')).toBe('1 Jan 2024, 14:05');
  });
});

describe('warmFormatters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes the default formatters once, so the first render builds none', async () => {
    // A fresh copy of the module: the tests above have filled this one's formatters already.
    vi.resetModules();
    const fresh = await import('./format');
    const expected = new Intl.NumberFormat().format(4996);
    fresh.warmFormatters();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(fresh.formatNumber(4996)).toBe(expected);
    fresh.formatDateTime(AT);
    fresh.formatClockTime(AT);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });
});

describe('formatKib', () => {
  it('reads a KiB count in the largest binary unit it reaches', () => {
    expect(formatKib(41_943_040, 'en-US')).toBe('40 GiB');
    expect(formatKib(1536, 'en-US')).toBe('1.5 MiB');
    expect(formatKib(512, 'en-US')).toBe('512 KiB');
    expect(formatKib(0, 'en-US')).toBe('0 KiB');
    expect(formatKib(2 * 1024 ** 3, 'en-US')).toBe('2 TiB');
    expect(formatKib(3 * 1024 ** 4, 'en-US')).toBe('3,072 TiB');
    expect(formatKib(-5, 'en-US')).toBe('0 KiB');
  });
});
