import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import {
  keptDraftsText,
  simServer,
  simulator,
  TEST_ORIGIN,
  simGithubJson as sim,
  type SimAuthor as Author,
} from '@/testing/sim-server';
import { cellOf, rowOf } from '@/testing/author-grid-cells';

vi.mock('../utils/save-spacing', () => ({ SAVE_SPACING_MS: 0 }));

// The real gateway and simulator answer in-process, but a loaded CI machine can be slow.
configure({ asyncUtilTimeout: 10_000 });

const REPO = '/repos/octo-org/hello-world';
const PAGE = '/imports/octo-org/hello-world';

/** An import in the mapping step (time is frozen, so it stays there), with its authors. */
async function importInMapping(): Promise<Author[]> {
  await sim('PUT', `${REPO}/import`, { vcs_url: 'http://svn.example.com/svn/authors-12', vcs: 'subversion' });
  simulator().advance(61);
  return (await sim('GET', `${REPO}/import/authors`)) as Author[];
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
    // Once failed under heavy load with "Showing 0 of 12" here: say which filter was in force if it happens again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true'),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search authors' }), {
      target: { value: 'ADA@x' },
    });
    expect(await screen.findByText(/Showing 1 of 12 authors/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

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
    // The preview is computed off the main thread (a worker in the browser), so it arrives asynchronously.
    expect(await within(dialog).findByRole('region', { name: 'Matched' })).toHaveTextContent('Matched: 3');
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
    // The whole step can be undone, and redone.
    await user.click(screen.getByRole('button', { name: 'Undo mapping file' }));
    expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import mapping…' }));
    const again = await screen.findByRole('dialog', { name: 'Import an author mapping' });
    fireEvent.change(within(again).getByRole('textbox', { name: 'Or paste the mapping' }), {
      target: { value: text },
    });
    await user.click(await within(again).findByRole('button', { name: 'Apply 3 changes' }));
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
    // A progressbar's value is its aria-valuenow (toHaveValue reads form fields only).
    // eslint-disable-next-line jest-dom/prefer-to-have-value
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
    expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
    expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
    const after = (await sim('GET', `${REPO}/import/authors`)) as Author[];
    expect(after.find((author) => author.id === b.id)?.email).toBe('bea.two@example.com');
  });

  it('maps still-synthesised authors by a rule with a preview, and undoes the step', async () => {
    const authors = await importInMapping();
    const view = renderApp(PAGE);
    const { user } = view;
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    const synthesised = authors.filter((author) => /@[0-9a-f-]{36}$/.test(author.email));
    await user.click(screen.getByRole('button', { name: 'Map by rule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map authors by a rule' });
    const domain = within(dialog).getByRole('textbox', { name: 'Email domain' });
    await user.type(domain, 'company.com');
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview).toHaveTextContent(`${synthesised.length} authors change`));
    const first = synthesised[0] as Author;
    expect(preview).toHaveTextContent(
      `${first.remote_name} → ${first.remote_name.split('@')[0]}@company.com`,
    );
    await user.click(within(dialog).getByRole('button', { name: `Apply ${synthesised.length} changes` }));
    expect(await screen.findByText(new RegExp(`${synthesised.length} unsaved changes`))).toBeInTheDocument();
    // The list state is in the address.
    await user.click(screen.getByRole('button', { name: 'Changed' }));
    expect(view.router.state.location.search).toBe('?filter=changed');
    expect(screen.getByText(new RegExp(`Showing ${synthesised.length} of 12 authors`))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(view.router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Undo rule' }));
    expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo rule' })).not.toBeInTheDocument();
  });

  it('warns that the mapping window closes when the push starts, and keeps Cancel import away from Save', async () => {
    await importInMapping();
    renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    expect(screen.getByText(/mapping window closes when GitHub starts pushing/)).toBeInTheDocument();
    const authorsSection = screen.getByRole('region', { name: 'Commit authors' });
    const startOver = screen.getByRole('region', { name: 'Start over' });
    expect(within(authorsSection).queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
    expect(within(startOver).getByRole('button', { name: 'Cancel import' })).toBeInTheDocument();
    // After the editor in the page, not beside its Save button.
    expect(authorsSection.compareDocumentPosition(startOver) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('copies what another import already mapped, with a preview, and undoes the step', async () => {
    // Both imports reach the mapping step together (it lasts 20 s for 12 authors).
    await sim('PUT', '/repos/octo-org/octo-api/import', {
      vcs_url: 'http://svn.example.com/svn/authors-12',
      vcs: 'subversion',
    });
    const authors = await importInMapping();
    const others = (await sim('GET', '/repos/octo-org/octo-api/import/authors')) as Author[];
    for (const [index, other] of others.slice(0, 2).entries()) {
      await sim('PATCH', `/repos/octo-org/octo-api/import/authors/${other.id}`, {
        name: `Mapped ${index}`,
        email: `mapped${index}@company.com`,
      });
    }
    const view = renderApp(PAGE);
    const { user } = view;
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Copy from another import…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy another import’s mapping' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Repository with the import' }),
      'octo-org/octo-api',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Read its authors' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('2 authors change');
    expect(preview).toHaveTextContent(
      `${(authors[0] as Author).remote_name} → Mapped 0 <mapped0@company.com>`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText(/2 unsaved changes/)).toBeInTheDocument();
    await waitFor(() =>
      expect(cellOf((authors[1] as Author).remote_name, 'email')).toHaveTextContent('mapped1@company.com'),
    );
    await user.click(screen.getByRole('button', { name: 'Undo copy' }));
    expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
  });

  it('opens with the filter and sort the address names', async () => {
    await importInMapping();
    renderApp(`${PAGE}?filter=synthesised&sort=remoteName:desc`);
    await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Still synthesised' })).toHaveAttribute('aria-pressed', 'true');
    const names = within(screen.getByRole('grid', { name: 'Commit authors' }))
      .getAllByRole('row')
      .map((row) => row.querySelector('[data-field="remoteName"][role="gridcell"]')?.textContent)
      .filter((name): name is string => Boolean(name));
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual(
      [...names].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base', numeric: true })),
    );
  });

  it('draws only the rows in view of 2,000 authors, and is used with the keyboard alone', async () => {
    await sim('PUT', `${REPO}/import`, {
      vcs_url: 'http://svn.example.com/svn/authors-2000',
      vcs: 'subversion',
    });
    simulator().advance(61);
    const { user } = renderApp(PAGE);
    const grid = await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    expect(grid).toHaveAttribute('aria-rowcount', '2001');
    const drawn = within(grid).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);

    // One tab stop: Tab from the search box's side reaches the first cell; arrows move; Enter edits.
    const firstCell = within(grid).getAllByRole('gridcell')[0] as HTMLElement;
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((cell) => cell.tabIndex === 0),
    ).toEqual([firstCell]);
    firstCell.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}');
    const focused = document.activeElement as HTMLElement;
    expect(focused).toHaveAttribute('data-field', 'name');
    const remoteName = focused.parentElement?.querySelector('[data-field="remoteName"]')?.textContent ?? '';
    await user.keyboard('{Enter}');
    const name = await screen.findByRole('textbox', { name: `Name for ${remoteName}` });
    // Escape drops the edit and gives the focus back.
    fireEvent.change(name, { target: { value: 'Dropped' } });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'name'));
    expect(screen.getByText(/0 unsaved changes/)).toBeInTheDocument();
    // Typing on a cell starts editing it with that character, as in a spreadsheet.
    await user.keyboard('Z');
    expect(await screen.findByRole('textbox', { name: `Name for ${remoteName}` })).toHaveValue('Z');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-field', 'name'));
    await user.keyboard('{F2}');
    const again = await screen.findByRole('textbox', { name: `Name for ${remoteName}` });
    fireEvent.change(again, { target: { value: 'Kept Person' } });
    await user.keyboard('{Enter}');
    // (Unsaved but not yet valid: the synthesised email still has to be mapped.)
    expect(await screen.findByText(/· 1 unsaved change \(1 invalid/)).toBeInTheDocument();
    expect(cellOf(remoteName, 'name')).toHaveTextContent('Kept Person');
    // Enter moved on to the next row, as in a spreadsheet.
    await waitFor(() =>
      expect(Number(document.activeElement?.parentElement?.getAttribute('aria-rowindex'))).toBe(4),
    );
  });

  it('sorts from the column headers, and the sort goes into the address', async () => {
    await importInMapping();
    const view = renderApp(PAGE);
    const { user } = view;
    const grid = await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 10_000 });
    const header = within(grid).getByRole('columnheader', { name: /Remote name/ });
    await user.click(within(header).getByRole('button', { name: /Remote name/ }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(view.router.state.location.search).toBe('?sort=remoteName%3Aasc');
    await user.click(within(header).getByRole('button', { name: /Remote name/ }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button', { name: /Remote name/ }));
    expect(header).not.toHaveAttribute('aria-sort');
    expect(view.router.state.location.search).toBe('');
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
