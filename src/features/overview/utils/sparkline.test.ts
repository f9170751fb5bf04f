import { describe, expect, it } from 'vitest';
import { sparklinePath } from './sparkline';

describe('sparklinePath', () => {
  it('spans the box: first point at the left, last at the right, full budget at the top', () => {
    const path = sparklinePath(
      [
        { at: 0, remaining: 100 },
        { at: 50, remaining: 50 },
        { at: 100, remaining: 0 },
      ],
      100,
      200,
      40,
    );
    expect(path).toBe('M0.0,0.0 L100.0,20.0 L200.0,40.0');
  });

  it('draws nothing from fewer than two points or without a limit', () => {
    expect(sparklinePath([{ at: 0, remaining: 1 }], 100, 200, 40)).toBe('');
    expect(
      sparklinePath(
        [
          { at: 0, remaining: 1 },
          { at: 1, remaining: 1 },
        ],
        0,
        200,
        40,
      ),
    ).toBe('');
  });

  it('keeps readings above the limit inside the box', () => {
    expect(
      sparklinePath(
        [
          { at: 0, remaining: 150 },
          { at: 1, remaining: -5 },
        ],
        100,
        10,
        10,
      ),
    ).toBe('M0.0,0.0 L10.0,10.0');
  });
});
