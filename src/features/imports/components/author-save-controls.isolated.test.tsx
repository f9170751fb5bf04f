import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { simGithub, simulator } from '@/testing/sim-server';

// Spaced enough to pause between two writes, short enough for a test.
vi.mock('../utils/save-spacing', () => ({ SAVE_SPACING_MS: 150 }));

configure({ asyncUtilTimeout: 10_000 });

const REPO = '/repos/octo-org/hello-world';
const PAGE = '/imports/octo-org/hello-world';

describe('saving many author mappings', { timeout: 60_000 }, () => {
  it('shows what is left and how long it takes, pauses, resumes and stops with the rest kept unsaved', async () => {
    await simGithub('PUT', `${REPO}/import`, {
      vcs_url: 'http://svn.example.com/svn/authors-12',
      vcs: 'subversion',
    });
    simulator().advance(61);
    const { user } = renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Map by rule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map authors by a rule' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Only authors still/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email domain' }), 'company.com');
    await user.click(await within(dialog).findByRole('button', { name: 'Apply 12 changes' }));
    await user.click(await screen.findByRole('button', { name: 'Save 12 changes' }));

    const progress = await screen.findByRole('region', { name: 'Saving author changes' });
    expect(progress).toHaveTextContent(/Saving one at a time: \d+ of 12 · \d+ left, about \d+ s/);
    await waitFor(() => expect(progress).toHaveTextContent(/Saving one at a time: [2-9] of 12/));
    await user.click(within(progress).getByRole('button', { name: 'Pause saving' }));
    expect(progress).toHaveTextContent(/Paused: \d+ of 12 · \d+ left/);
    await new Promise((resolve) => setTimeout(resolve, 200)); // a write in flight may still land
    const paused = /Paused: (\d+) of 12/.exec(progress.textContent ?? '')?.[1];
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(progress).toHaveTextContent(`Paused: ${paused} of 12`);

    await user.click(within(progress).getByRole('button', { name: 'Resume saving' }));
    await waitFor(() => expect(progress).toHaveTextContent(/Saving one at a time/));
    await waitFor(() =>
      expect(Number(/: (\d+) of 12/.exec(progress.textContent ?? '')?.[1])).toBeGreaterThan(Number(paused)),
    );
    await user.click(within(progress).getByRole('button', { name: 'Stop saving' }));
    await waitFor(() => expect(progress).toHaveTextContent(/Stopped: \d+ of 12/));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the write in flight, if any, lands
    const saved = Number(/Stopped: (\d+) of 12/.exec(progress.textContent ?? '')?.[1]);
    expect(saved).toBeLessThan(12);
    expect(progress).toHaveTextContent(`the other ${12 - saved} stay as unsaved edits`);
    expect(
      screen.getByText(new RegExp(`Showing 12 of 12 authors · ${12 - saved} unsaved change`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Save ${12 - saved} changes` })).toBeEnabled();
  });
});
