import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';

describe('planning a wave with no organization', () => {
  it('highlights the empty required field and says what it needs, without asking the gateway', async () => {
    const { user } = renderApp('/waves');
    const org = await screen.findByRole('textbox', { name: 'Organization' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(org).toHaveAttribute('aria-invalid', 'true');
    expect(org).toHaveAccessibleDescription(/Enter the organization whose repositories the wave exports/);
    expect(screen.queryByRole('status', { name: 'Preview' })).not.toBeInTheDocument();
    // Typing clears it.
    await user.type(org, 'octo-org');
    expect(org).toHaveAttribute('aria-invalid', 'false');
  }, 20_000);
});
