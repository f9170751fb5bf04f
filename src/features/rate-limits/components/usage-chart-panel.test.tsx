import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { UsageChartPanel } from './usage-chart-panel';

const NOW = Date.parse('2026-11-24T12:00:00Z');

/** A category whose window is a minute: one reading and one reset a minute over the last hour. */
const minuteWindows = Array.from({ length: 60 }, (_, index) => {
  const at = NOW - (60 - index) * 60_000;
  return { at, used: index % 5, remaining: 30 - (index % 5), reset: Math.floor((at + 60_000) / 1000) };
});

describe('UsageChartPanel', () => {
  it('sums up many resets instead of listing every one', () => {
    renderWithProviders(
      <UsageChartPanel name="search" samples={minuteWindows} span="hour" serverNow={NOW} clockOffsetMs={0} />,
    );
    const figure = screen.getByRole('figure');
    expect(figure).toHaveAccessibleName(/resets in the span, the last at/);
    expect(figure).not.toHaveAccessibleName(/resets marked at/);
  });
});
