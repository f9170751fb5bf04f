import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/render-with-providers';
import { isStale, StaleDataNotice } from './stale-data-notice';

const unreachable = new ApiError({
  kind: 'network',
  upstream: 'gateway',
  message: 'The request got no answer.',
});

describe('StaleDataNotice', () => {
  it('is stale from the first failed refresh of data already shown, not before', () => {
    const base = { dataUpdatedAt: 1_000, failureCount: 0, failureReason: null, refetch: vi.fn() };
    expect(isStale(base)).toBe(false);
    expect(isStale({ ...base, failureCount: 1, failureReason: unreachable })).toBe(true);
    // Nothing shown yet: the page's own error or loading state speaks, not this notice.
    expect(isStale({ ...base, dataUpdatedAt: 0, failureCount: 1 })).toBe(false);
  });

  it('says the data may no longer be so, how old it is, why, and retries on request', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const query = { dataUpdatedAt: Date.now() - 7_000, failureCount: 1, failureReason: unreachable, refetch };
    const { user } = renderWithProviders(<StaleDataNotice query={query} what="The wave is shown" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Cannot reach the server: this may no longer be so');
    expect(alert).toHaveTextContent(/The wave is shown as it was 7 s ago/);
    expect(alert).toHaveTextContent('Actions are off');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('draws nothing while reads succeed', () => {
    renderWithProviders(
      <StaleDataNotice
        query={{ dataUpdatedAt: Date.now(), failureCount: 0, failureReason: null, refetch: vi.fn() }}
        what="The wave is shown"
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
