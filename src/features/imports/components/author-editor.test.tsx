import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { keptDraftsText, simServer, simGithub, simulator, TEST_ORIGIN } from '@/testing/sim-server';

vi.mock('../utils/save-spacing', () => ({ SAVE_SPACING_MS: 0 }));

// The real gateway and simulator answer in-process, but a loaded CI machine can be slow.
configure({ asyncUtilTimeout: 10_000 });

const REPO = '/repos/octo-org/hello-world';
const PAGE = '/imports/octo-org/hello-world';

interface Author {
  id: number;
  remote_name: string;
  name: string;
  email: string;
}

async function sim(method: string, path: string, body?: unknown): Promise<unknown> {
  return (await simGithub(method, path, body)).json();
}

/** An import in the mapping step (time is frozen, so it stays there), with its authors. */
async function importInMapping(): Promise<Author[]> {
  await sim('PUT', `${REPO}/import`, { vcs_url: 'http://svn.example.com/svn/authors-12', vcs: 'subversion' });
  simulator().advance(61);
  return (await sim('GET', `${REPO}/import/authors`)) as Author[];
}

function rowOf(remoteName: string): HTMLElement {
  const grid = screen.getByRole('grid', { name: 'Commit authors' });
  const row = within(grid)
    .getAllByRole('row')
    .find((candidate) => candidate.querySelector('[data-field="remoteName"]')?.textContent === remoteName);
  if (!row) throw new Error(`no row for ${remoteName}`);
  return row;
}

function cellOf(remoteName: string, field: 'name' | 'email'): HTMLElement {
  const cell = rowOf(remoteName).querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!cell) throw new Error(`no ${field} cell for ${remoteName}`);
  return cell;
}

describe('author mapping editor', { timeout: 60_000 }, () => {
  it('edits inline with validation as you type, and keeps unsaved edits across a reload', async () => {
    const authors = await importInMapping();
    const first = authors[0] as Author;
    const view = renderApp(PAGE);
    const { user } = view;
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    expect(screen.getByText(/Showing 12 of 12 authors · 0 unsaved changes/)).toBeInTheDocument();

    await user.dblClick(cellOf(first.remote_name, 'email'));
    const email = await screen.findByRole('textbox', { name: `Email for ${first.remote_name}` });
    fireEvent.change(email, { target: { value: 'ada@' } });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/exactly one @/);
    fireEvent.change(email, { target: { value: 'ada@x.io' } });
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cellOf(first.remote_name, 'email')).toHaveTextContent('ada@x.io'));

    await user.dblClick(cellOf(first.remote_name, 'name'));
    const name = await screen.findByRole('textbox', { name: `Name for ${first.remote_name}` });
    fireEvent.change(name, { target: { value: ' ' } });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // An invalid value cannot be committed.
    await user.keyboard('{Enter}');
    expect(name).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Ada L' } });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cellOf(first.remote_name, 'name')).toHaveTextContent('Ada L'));
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(first.remote_name)).getByText('Changed')).toBeInTheDocument());

    // Filters: changed shows the one edited row; "still synthesised" no longer includes it.
    await user.click(screen.getByRole('button', { name: 'Changed' }));
    expect(screen.getByText(/Showing 1 of 12 authors/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Still synthesised' }));
    expect(screen.getByText(/Showing 11 of 12 authors/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search authors' }), {
      target: { value: 'ADA@x' },
    });
    await waitFor(() => expect(screen.getByText(/Showing 1 of 12 authors/)).toBeInTheDocument());

    // A reload: the edit is still there, unsaved.
    view.unmount();
    renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();
    expect(cellOf(first.remote_name, 'name')).toHaveTextContent('Ada L');
  });

  it('previews an imported authors file, then saves serially, shows a failure mid-way, and retries it', async () => {
    const authors = await importInMapping();
    const [a, b, c] = authors as [Author, Author, Author];
    const { user } = renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'Import mapping…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import an author mapping' });
    const text = [
      '# mapping from the old server',
      `${a.remote_name} = Ada One <ada.one@example.com>`,
      `${b.remote_name} = Bea Two <bea.two@example.com>`,
      `${c.remote_name} = Cy Three <cy.three@example.com>`,
      'ghost = Nobody Here <ghost@example.com>',
      `${a.remote_name} = Broken <not-an-email>`,
      'this line is wrong',
    ].join('\n');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Or paste the mapping' }), {
      target: { value: text },
    });
    expect(within(dialog).getByRole('region', { name: 'Matched' })).toHaveTextContent('Matched: 3');
    expect(within(dialog).getByRole('region', { name: 'Not matched' })).toHaveTextContent(
      /Not matched: 1.*ghost/,
    );
    const invalid = within(dialog).getByRole('region', { name: 'Invalid' });
    expect(invalid).toHaveTextContent('Invalid: 2');
    expect(invalid).toHaveTextContent(/Line 6: An email needs exactly one @/);
    expect(invalid).toHaveTextContent(/Line 7: Expected “user = Name <email>”/);
    // Nothing applied yet.
    expect(screen.getByText(/0 unsaved changes/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply 3 changes' }));
    expect(await screen.findByText(/3 unsaved changes/)).toBeInTheDocument();

    // The middle write fails once.
    const failing = `${TEST_ORIGIN}/api/github/repos/octo-org/hello-world/import/authors/${b.id}`;
    simServer.use(
      http.patch(
        failing,
        () =>
          HttpResponse.json(
            {
              message: 'Validation Failed',
              errors: [
                { resource: 'PorterAuthor', field: 'email', code: 'custom', message: 'email is taken' },
              ],
              documentation_url: 'https://docs.github.com/rest',
            },
            { status: 422 },
          ),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save 3 changes' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    expect(screen.getByText(/email is taken/)).toBeInTheDocument();
    expect(screen.getByText(/Saved: 3 of 3 · 1 failed/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Saving author changes' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(rowOf(b.remote_name)).getByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();
    // The server has the two that went through, and the failed edit is kept (also in storage).
    const server = (await sim('GET', `${REPO}/import/authors`)) as Author[];
    expect(server.find((author) => author.id === a.id)?.email).toBe('ada.one@example.com');
    expect(server.find((author) => author.id === b.id)?.email).toBe(b.email);
    expect(server.find((author) => author.id === c.id)?.email).toBe('cy.three@example.com');
    expect(await keptDraftsText('octo-org', 'hello-world')).toContain('bea.two@example.com');
    expect(cellOf(b.remote_name, 'email')).toHaveTextContent('bea.two@example.com');

    await user.click(screen.getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() => expect(screen.getByText(/0 unsaved changes/)).toBeInTheDocument());
    expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
    const after = (await sim('GET', `${REPO}/import/authors`)) as Author[];
    expect(after.find((author) => author.id === b.id)?.email).toBe('bea.two@example.com');
  });

  it('is read-only once pushing has started, and says why', async () => {
    await importInMapping();
    simulator().advance(20);
    renderApp(PAGE);
    expect(
      await screen.findByText(/Read-only: the import is pushing/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import mapping…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Save/ })).toBeDisabled();
  });
});
