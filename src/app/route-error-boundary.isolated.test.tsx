import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';

vi.mock('@/features/connection/components/connection-page', () => ({
  ConnectionPage: () => {
    throw new Error('The connection page broke.');
  },
}));

describe('a page that crashes', () => {
  it('shows its error inside the app shell, with the navigation still there', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/connection');
    expect(await screen.findByText('The connection page broke.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
