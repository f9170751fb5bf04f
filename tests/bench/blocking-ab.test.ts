import { describe, expect, it } from 'vitest';
import { difference } from '../../scripts/bench/blocking-ab';

describe('difference (the A/B bench’s verdict)', () => {
  it('says B blocks less when every B load is well under every A load', () => {
    const a = [300, 310, 320, 305, 315, 330, 298, 312, 309, 325, 301, 318];
    const b = a.map((value) => value - 100);
    const result = difference(a, b);
    expect(result.verdict).toBe('B blocks less');
    expect(result.high).toBeLessThan(0);
    expect(result.text).toMatch(/^310 → 210 ms \(-100; /);
  });

  it('says B blocks more in the opposite case', () => {
    const a = [100, 110, 105, 95, 102, 98];
    expect(
      difference(
        a,
        a.map((value) => value + 80),
      ).verdict,
    ).toBe('B blocks more');
  });

  it('finds no change when the two overlap as noise does', () => {
    const a = [200, 420, 250, 380, 300, 260, 410, 230, 350, 280, 390, 240];
    const b = [410, 240, 390, 220, 330, 270, 380, 260, 300, 250, 420, 210];
    const result = difference(a, b);
    expect(result.verdict).toBe('no change beyond the spread');
    expect(result.low).toBeLessThan(0);
    expect(result.high).toBeGreaterThan(0);
  });

  it('gives the same interval for the same loads (seeded resampling)', () => {
    const a = [1, 5, 9, 2, 7];
    const b = [3, 4, 8, 6, 2];
    expect(difference(a, b)).toEqual(difference(a, b));
  });
});
