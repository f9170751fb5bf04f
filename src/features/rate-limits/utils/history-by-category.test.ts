import { describe, expect, it } from 'vitest';
import type { BurnSample } from '@/lib/burn-rate';
import { historyByCategory, mergeSamples, usageSeries } from './history-by-category';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const MIN = 60_000;
const sample = (minutesAgo: number, used: number, resetMs: number): BurnSample => ({
  at: NOW - minutesAgo * MIN,
  used,
  remaining: 5000 - used,
  reset: resetMs / 1000,
});

describe('historyByCategory', () => {
  const point = (resource: string, used: number, credential = 'default') => ({
    credential,
    at: new Date(NOW).toISOString(),
    resource,
    limit: 5000,
    remaining: 5000 - used,
    used,
    reset: new Date(NOW + 30 * MIN).toISOString(),
  });
  it('splits the recorded readings per category', () => {
    const grouped = historyByCategory([point('core', 1), point('search', 2)]);
    expect([...grouped.keys()]).toEqual(['core', 'search']);
    expect(grouped.get('search')![0]!.used).toBe(2);
  });

  it('keeps one credential’s readings when asked for it', () => {
    const points = [point('core', 1), point('core', 7, 'app'), point('search', 3, 'app')];
    const app = historyByCategory(points, 'app');
    expect(app.get('core')!.map((sample) => sample.used)).toEqual([7]);
    expect([...historyByCategory(points, 'default').keys()]).toEqual(['core']);
  });
});

describe('mergeSamples', () => {
  it('puts recorded and live samples in time order without repeats', () => {
    const reset = NOW + 30 * MIN;
    const merged = mergeSamples(
      [sample(5, 10, reset), sample(1, 30, reset)],
      [sample(1, 30, reset), sample(0, 40, reset)],
    );
    expect(merged.map((entry) => entry.used)).toEqual([10, 30, 40]);
  });
});

describe('usageSeries', () => {
  it('keeps the span’s points, marks the resets inside it and runs the axis to the coming reset', () => {
    const earlier = NOW - 20 * MIN;
    const coming = NOW + 40 * MIN;
    const samples = [
      sample(90, 1, NOW - 80 * MIN),
      sample(30, 100, earlier),
      sample(10, 20, coming),
      sample(0, 50, coming),
    ];
    const hour = usageSeries(samples, 'hour', NOW);
    expect(hour.points.map((point) => point.used)).toEqual([100, 20, 50]);
    expect(hour.resets).toEqual([earlier, coming]);
    expect(hour.from).toBe(NOW - 60 * MIN);
    expect(hour.to).toBe(coming);
    const day = usageSeries(samples, 'day', NOW);
    expect(day.points).toHaveLength(4);
    expect(day.resets).toEqual([NOW - 80 * MIN, earlier, coming]);
  });

  it('does not stretch the axis to a reset a day away (the daily windows)', () => {
    const far = NOW + 20 * 60 * MIN;
    expect(usageSeries([sample(5, 1, far)], 'hour', NOW)).toMatchObject({ to: NOW, resets: [] });
  });
});
