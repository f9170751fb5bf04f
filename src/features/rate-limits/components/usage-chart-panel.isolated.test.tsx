import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeObserver, idle, installFakeWhenSeen } from '@/testing/fake-when-seen';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { UsageChartPanel as Panel } from './usage-chart-panel';

// Counts the requests for the chart's code (the charting library's lazy chunk in the build).
const chartCode = vi.hoisted(() => ({ requested: 0 }));
vi.mock('./usage-chart', async (importOriginal) => {
  chartCode.requested += 1;
  return importOriginal();
});

const NOW = Date.parse('2026-11-24T12:00:00Z');
const samples = Array.from({ length: 10 }, (_, index) => ({
  at: NOW - (10 - index) * 60_000,
  used: index,
  remaining: 5_000 - index,
  reset: Math.floor((NOW + 600_000) / 1000),
}));

let UsageChartPanel: typeof Panel;

beforeEach(async () => {
  installFakeWhenSeen();
  // A fresh panel module each test: its lazy chart and the count start again.
  vi.resetModules();
  chartCode.requested = 0;
  ({ UsageChartPanel } = await import('./usage-chart-panel'));
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  return renderWithProviders(
    <UsageChartPanel name="core" samples={samples} span="hour" serverNow={NOW} clockOffsetMs={0} />,
  );
}

/** Lets React and any dynamic import that was asked for settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('UsageChartPanel: the chart starts only when seen or idle', () => {
  it('asks for no chart code while the card is far from the viewport and the thread busy; the summary is there', async () => {
    renderPanel();
    await settle();
    expect(chartCode.requested).toBe(0);
    expect(screen.getByRole('figure')).toHaveAccessibleName(/core over the last hour: 10 readings/);
    act(() => FakeObserver.all.at(-1)?.report(false));
    await settle();
    expect(chartCode.requested).toBe(0);
  });

  it('loads the chart when the card comes near the viewport', async () => {
    renderPanel();
    await settle();
    expect(chartCode.requested).toBe(0);
    act(() => FakeObserver.all.at(-1)?.report(true));
    await waitFor(() => expect(chartCode.requested).toBe(1));
  });

  it('loads the chart when the main thread is idle', async () => {
    renderPanel();
    await settle();
    expect(chartCode.requested).toBe(0);
    act(() => idle.run());
    await waitFor(() => expect(chartCode.requested).toBe(1));
  });

  it('loads the chart at once for a keyboard user who reaches it', async () => {
    const { user } = renderPanel();
    await settle();
    expect(chartCode.requested).toBe(0);
    await user.tab();
    expect(screen.queryByRole('button', { name: /Show the chart of core/ })).not.toBeInTheDocument();
    await waitFor(() => expect(chartCode.requested).toBe(1));
  });
});
