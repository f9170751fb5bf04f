import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { renderApp } from './render-with-providers';

/** Plan a move with the form's defaults (the connection's octo-org → the simulator's octo-target), then Preview. */
export async function previewDefaults(user: ReturnType<typeof renderApp>['user']) {
  const source = await screen.findByRole('textbox', { name: 'Source organization' }, { timeout: 10_000 });
  const target = screen.getByRole('textbox', { name: 'Target organization' });
  await expect.poll(() => (source as HTMLInputElement).value, { timeout: 10_000 }).toBe('octo-org');
  await expect.poll(() => (target as HTMLInputElement).value, { timeout: 10_000 }).toBe('octo-target');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}
