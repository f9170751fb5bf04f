import { describe, expect, it } from 'vitest';
import { resetLabelSide } from './reset-label-side';

describe('which side of its line a reset is labelled on', () => {
  it('reads away from the nearer edge of the span', () => {
    expect(resetLabelSide(1_000, 0, 10_000)).toBe('right');
    expect(resetLabelSide(5_000, 0, 10_000)).toBe('right');
    expect(resetLabelSide(9_900, 0, 10_000)).toBe('left');
    expect(resetLabelSide(10_000, 0, 10_000)).toBe('left');
  });

  it('an empty span keeps the default side', () => {
    expect(resetLabelSide(5, 5, 5)).toBe('right');
  });
});
