import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftSyncNotices } from './draft-sync-notices';

const base = { notices: [], dismiss: vi.fn(), legacy: undefined, error: null };

describe('DraftSyncNotices', () => {
  it('says loudly how many edits live in this browser only when the server refuses them', () => {
    const error = new ApiError({ kind: 'http', upstream: 'gateway', status: 413, message: 'Too large' });
    renderWithProviders(<DraftSyncNotices sync={{ ...base, status: 'offline', unsent: 5_000, error }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('5,000 edits kept in this browser only');
    expect(alert).toHaveTextContent('another browser does not see them');
  });

  it('keeps a quiet line while everything is saved', () => {
    renderWithProviders(<DraftSyncNotices sync={{ ...base, status: 'saved', unsent: 0 }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('any browser can continue this mapping');
  });
});
