import { describe, expect, it } from 'vitest';
import {
  addSample,
  MIN_SPAN_MS,
  projectBurn,
  samplesFromHistory,
  samplesUpTo,
  type BurnSample,
} from './burn-rate';

const T0 = 1_000_000_000;
/** Epoch seconds one hour after T0. */
const RESET = (T0 + 3_600_000) / 1000;

function sample(at: number, used: number, limit = 1000, reset = RESET): BurnSample {
  return { at, used, remaining: limit - used, reset };
}

/** 8 requests every 8,192 ms: exactly 1/1024 per ms, so the arithmetic below is exact. */
const linear = [sample(T0, 100), sample(T0 + 8_192, 108), sample(T0 + 16_384, 116)];

describe('projectBurn', () => {
  it('is exhausted until the reset once nothing is left, however few the readings (never "runs out" at a past time)', () => {
    const exhausted = { kind: 'exhausted', resetAt: RESET * 1000 };
    expect(projectBurn([sample(T0, 1000)], T0 + 60_000)).toEqual(exhausted);
    expect(projectBurn([sample(T0, 900), sample(T0 + 20_000, 1000)], T0 + 60_000)).toEqual(exhausted);
    // Nothing used lately but nothing left: still exhausted, not idle.
    expect(projectBurn([sample(T0, 1000), sample(T0 + 20_000, 1000)], T0 + 60_000)).toEqual(exhausted);
    // Past the reset the reading is old news: no claim about the new window.
    expect(projectBurn([sample(T0, 1000)], RESET * 1000 + 1).kind).toBe('collecting');
  });

  it('is collecting with no samples or one', () => {
    expect(projectBurn([], T0)).toEqual({ kind: 'collecting', readings: 0, spanMs: 0 });
    expect(projectBurn([sample(T0, 100)], T0)).toEqual({ kind: 'collecting', readings: 1, spanMs: 0 });
  });

  it('is collecting until the samples span 10 s', () => {
    expect(MIN_SPAN_MS).toBe(10_000);
    expect(projectBurn([sample(T0, 100), sample(T0 + 9_999, 150)], T0 + 9_999)).toEqual({
      kind: 'collecting',
      readings: 2,
      spanMs: 9_999,
    });
    expect(projectBurn([sample(T0, 100), sample(T0 + 10_000, 150)], T0 + 10_000).kind).toBe('runs-out');
  });

  it('is idle when usage is flat or goes down', () => {
    expect(
      projectBurn([sample(T0, 100), sample(T0 + 10_000, 100), sample(T0 + 20_000, 100)], T0 + 20_000),
    ).toEqual({ kind: 'idle' });
    expect(projectBurn([sample(T0, 100), sample(T0 + 20_000, 90)], T0 + 20_000)).toEqual({ kind: 'idle' });
  });

  it('projects a linear burn exactly', () => {
    const last = linear.at(-1)!;
    // 884 left at 1/1024 per ms: gone 905,216 ms after the last sample.
    expect(projectBurn(linear, last.at)).toEqual({
      kind: 'runs-out',
      runsOutAt: T0 + 16_384 + 905_216,
      beforeResetMs: 3_600_000 - 16_384 - 905_216,
      perMinute: 58.59375,
    });
  });

  it('never projects running out in the past', () => {
    const now = T0 + 2_000_000;
    expect(projectBurn(linear, now)).toEqual({
      kind: 'runs-out',
      runsOutAt: now,
      beforeResetMs: 3_600_000 - 2_000_000,
      perMinute: 58.59375,
    });
  });

  it('lasts when the window resets first', () => {
    const soonReset = (T0 + 600_000) / 1000;
    const samples = linear.map((entry) => ({ ...entry, reset: soonReset }));
    expect(projectBurn(samples, T0 + 16_384)).toEqual({ kind: 'lasts', perMinute: 58.59375 });
  });

  it('fits a least-squares slope so one burst does not dominate', () => {
    // One burst of 80, then nothing: the fitted slope is 3/1024 per ms, between the burst and the calm.
    const samples = [sample(T0, 0), sample(T0 + 8_192, 80), sample(T0 + 16_384, 80), sample(T0 + 24_576, 80)];
    const runsOutAt = T0 + 24_576 + (920 * 1024) / 3;
    expect(projectBurn(samples, T0 + 24_576)).toEqual({
      kind: 'runs-out',
      runsOutAt,
      beforeResetMs: RESET * 1000 - runsOutAt,
      perMinute: 175.78125,
    });
  });

  it('ignores samples from a previous window', () => {
    const previous = (T0 - 3_600_000) / 1000;
    const old = [sample(T0 - 60_000, 10, 1000, previous), sample(T0 - 30_000, 900, 1000, previous)];
    expect(projectBurn([...old, sample(T0, 5)], T0)).toEqual({ kind: 'collecting', readings: 1, spanMs: 0 });
    expect(projectBurn([...old, sample(T0, 100), sample(T0 + 20_000, 100)], T0 + 20_000)).toEqual({
      kind: 'idle',
    });
    expect(projectBurn([...old, ...linear], T0 + 16_384)).toEqual(projectBurn(linear, T0 + 16_384));
  });
});

describe('addSample', () => {
  it('appends a new sample', () => {
    const history = [sample(T0, 100)];
    const next = addSample(history, sample(T0 + 1_000, 101));
    expect(next).toEqual([sample(T0, 100), sample(T0 + 1_000, 101)]);
    expect(history).toHaveLength(1);
  });

  it('drops a repeat taken less than 5 s after the last sample', () => {
    const history = [sample(T0, 100)];
    expect(addSample(history, sample(T0 + 4_999, 100))).toBe(history);
  });

  it('keeps a repeat taken 5 s or more later (it shows the category is idle)', () => {
    const history = [sample(T0, 100)];
    expect(addSample(history, sample(T0 + 5_000, 100))).toEqual([sample(T0, 100), sample(T0 + 5_000, 100)]);
  });

  it('keeps an equal count from a new window', () => {
    const history = [sample(T0, 100)];
    expect(addSample(history, sample(T0 + 1_000, 100, 1000, RESET + 3_600))).toHaveLength(2);
  });

  it('keeps only the newest samples', () => {
    let history: BurnSample[] = [];
    for (let index = 0; index < 5; index += 1)
      history = addSample(history, sample(T0 + index * 1_000, index), 3);
    expect(history.map((entry) => entry.used)).toEqual([2, 3, 4]);
  });

  it('keeps 240 samples by default', () => {
    let history: BurnSample[] = [];
    for (let index = 0; index < 300; index += 1)
      history = addSample(history, sample(T0 + index * 1_000, index));
    expect(history).toHaveLength(240);
    expect(history[0]!.used).toBe(60);
    expect(history.at(-1)!.used).toBe(299);
  });
});

describe('samplesFromHistory', () => {
  const point = (minute: number, used: number, reset = '2026-11-23T11:00:00.000Z') => ({
    at: new Date(Date.parse('2026-11-23T10:00:00.000Z') + minute * 60_000).toISOString(),
    used,
    remaining: 5000 - used,
    reset,
  });

  it('turns recorded points into samples in time order, reset in epoch seconds', () => {
    const samples = samplesFromHistory([point(2, 30), point(0, 10), point(1, 20)]);
    expect(samples.map((entry) => entry.used)).toEqual([10, 20, 30]);
    expect(samples[0]).toEqual({
      at: Date.parse('2026-11-23T10:00:00.000Z'),
      used: 10,
      remaining: 4990,
      reset: Date.parse('2026-11-23T11:00:00.000Z') / 1000,
    });
  });

  it('projects at once from history: 10 a minute with 4,970 left runs out before the reset', () => {
    const samples = samplesFromHistory([point(0, 10), point(1, 20), point(2, 30)]);
    const projection = projectBurn(samples, Date.parse('2026-11-23T10:02:00.000Z'));
    expect(projection.kind).toBe('lasts');
    const busy = samplesFromHistory([point(0, 1000), point(1, 2000), point(2, 3000)]);
    const soon = projectBurn(busy, Date.parse('2026-11-23T10:02:00.000Z'));
    expect(soon).toMatchObject({ kind: 'runs-out', perMinute: 1000 });
    if (soon.kind === 'runs-out') expect(soon.runsOutAt).toBe(Date.parse('2026-11-23T10:04:00.000Z'));
  });

  it('drops points whose times do not parse', () => {
    expect(samplesFromHistory([{ ...point(0, 1), at: 'yesterday' }, point(1, 2)])).toHaveLength(1);
  });
});

describe('samplesUpTo', () => {
  it('drops readings from after now (a clock that went back), with a little slack', () => {
    const samples = [sample(T0, 1), sample(T0 + 4_000, 2), sample(T0 + 600_000, 3)];
    expect(samplesUpTo(samples, T0).map((entry) => entry.used)).toEqual([1, 2]);
  });
});
