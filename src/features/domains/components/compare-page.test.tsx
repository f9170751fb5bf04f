import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';

describe('compare page', { timeout: 20_000 }, () => {
  it('puts three TLDs side by side: verdict, term and required fields', async () => {
    renderApp('/domains/compare?tlds=com,ai,us');
    const table = await screen.findByRole('table', { name: 'TLDs side by side' }, { timeout: 8000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fact', '.com', '.ai', '.us']);
    const verdict = await within(table).findByRole(
      'row',
      { name: /Verdict.*Website only/ },
      { timeout: 8000 },
    );
    expect(verdict).toHaveTextContent('Can be registered through the API');
    expect(within(table).getByRole('row', { name: /Registration term/ })).toHaveTextContent(
      '1 year2 years1 year',
    );
    expect(within(table).getByRole('row', { name: /Required registry fields/ })).toHaveTextContent(
      'nexusCategory, appPurpose',
    );
  });

  it('refuses bad input with a message and keeps the table as it was', async () => {
    const { user, router } = renderApp('/domains/compare?tlds=com');
    const input = await screen.findByRole('textbox', { name: 'TLDs to compare' }, { timeout: 8000 });
    await user.clear(input);
    await user.type(input, 'com, bad/tld');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(input).toHaveAccessibleDescription(/bad\/tld: Type only the TLD/);
    expect(router.state.location.search).toBe('?tlds=com');
  });

  it('says which TLDs it left out when the address names more than six', async () => {
    renderApp('/domains/compare?tlds=com,net,org,io,dev,app,ai,us');
    const table = await screen.findByRole('table', { name: 'TLDs side by side' }, { timeout: 8000 });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(screen.getByText(/Comparing the first 6 of 8 TLDs/)).toHaveTextContent('Left out: .ai, .us.');
  });
});
