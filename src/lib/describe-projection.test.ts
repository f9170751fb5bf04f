import { describe, expect, it } from 'vitest';
import { formatClockTime } from './format';
import { describeProjection } from './describe-projection';

describe('describeProjection', () => {
  it('says when and how long before the reset a category runs out', () => {
    const runsOutAt = Date.parse('2026-11-23T14:05:00Z');
    const text = describeProjection(
      { kind: 'runs-out', runsOutAt, beforeResetMs: 20 * 60_000, perMinute: 12.5 },
      0,
    );
    expect(text).toBe(
      `At this pace (12.5/min), runs out at ${formatClockTime(runsOutAt)}, 20 min 00 s before the reset.`,
    );
  });

  it('shows the time on this browser’s clock when the server’s clock leads', () => {
    const runsOutAt = Date.parse('2026-11-23T14:05:00Z');
    const text = describeProjection(
      { kind: 'runs-out', runsOutAt, beforeResetMs: 0, perMinute: 1 },
      3_600_000,
    );
    expect(text).toContain(formatClockTime(runsOutAt - 3_600_000));
  });

  it('says plainly when it is still measuring, idle or safe', () => {
    expect(describeProjection(undefined, 0)).toMatch(/Measuring the pace/);
    expect(describeProjection({ kind: 'idle' }, 0)).toMatch(/No usage/);
    expect(describeProjection({ kind: 'lasts', perMinute: 2 }, 0)).toMatch(/will not run out/);
  });

  it('says an exhausted category is exhausted until its reset, not that it runs out', () => {
    const resetAt = Date.parse('2026-11-23T14:05:00Z');
    const text = describeProjection({ kind: 'exhausted', resetAt }, 3_600_000);
    expect(text).toBe(
      `Exhausted until the reset at ${formatClockTime(resetAt - 3_600_000)}: requests in this category wait until then.`,
    );
    expect(text).not.toMatch(/runs out/);
  });
});
