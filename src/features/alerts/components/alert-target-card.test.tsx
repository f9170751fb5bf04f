import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_HELD_MAX, type AlertTarget } from '@/contracts/alerts';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AlertTargetCard } from './alert-target-card';

const target = (change: Partial<AlertTarget>): AlertTarget => ({
  id: 't-0000000000000001',
  name: 'ops',
  kind: 'slack',
  url: 'https://hooks.slack.com/services/T…/B…/••••',
  hasSecret: false,
  events: ['export-finished'],
  rateThresholdPercent: 10,
  paused: false,
  held: 0,
  heldDropped: 0,
  createdAt: '2026-11-26T10:00:00Z',
  deliveries: [],
  ...change,
});

describe('an alert target card', () => {
  it('says which attempt a retried delivery is at and when the next is due', () => {
    renderWithProviders(
      <AlertTargetCard
        target={target({
          deliveries: [
            {
              id: 'd-1',
              event: 'export-finished',
              summary: 'An export finished.',
              state: 'pending',
              attempts: [
                { at: '2026-11-26T10:00:00Z', status: 500 },
                { at: '2026-11-26T10:00:02Z', error: 'connect ECONNREFUSED' },
              ],
              nextAttemptAt: '2026-11-26T10:00:06Z',
              createdAt: '2026-11-26T10:00:00Z',
            },
          ],
        })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Deliveries to ops' });
    expect(
      within(table).getByText(/500, no answer \(connect ECONNREFUSED\) — attempt 2 of 9, next at/),
    ).toBeVisible();
  });

  it('a paused target says how many events wait for its Resume, and how many older ones it dropped', () => {
    const { unmount } = renderWithProviders(
      <AlertTargetCard
        target={target({ paused: true, pausedReason: 'Paused after 3 failures.', held: 2 })}
      />,
    );
    expect(
      screen.getByText(/2 events wait for it: sent when it is resumed, unless you discard them then/),
    ).toBeVisible();
    expect(screen.queryByText(/dropped/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <AlertTargetCard target={target({ paused: true, held: ALERT_HELD_MAX, heldDropped: 7 })} />,
    );
    expect(
      screen.getByText(new RegExp(`7 older events were dropped: Ferry keeps the latest ${ALERT_HELD_MAX}`)),
    ).toBeVisible();
  });
});
