import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FaultRuleInput } from '@/simulator/faults/fault-rules';
import { rateLimitStore } from '@/lib/rate-limit-store';
import { clearFaults, counter, injectFault, removeFault } from '@/testing/fault-helpers';
import { renderApp } from '@/testing/render-with-providers';
import {
  keptDraftsText,
  simulator,
  simGithubJson as sim,
  type SimAuthor as Author,
} from '@/testing/sim-server';
import { cellOf, rowOf } from '@/testing/author-grid-cells';

/**
 * The author-mapping editor while GitHub misbehaves during a save: the user's edits are never lost (not
 * by the failure, not by a reload), each write is sent exactly once (no automatic retry), the failed rows
 * say so, and "Retry failed" saves them once the fault is gone.
 */
vi.mock('@/features/imports/utils/save-spacing', () => ({ SAVE_SPACING_MS: 0 }));

// The real gateway and simulator answer in-process, and the data grid is slow in happy-dom.
configure({ asyncUtilTimeout: 10_000 });

const REPO = '/repos/octo-org/hello-world';
const PAGE = '/imports/octo-org/hello-world';
const PATCH_PATH = 'repos/*/*/import/authors/*';

/** An import in the mapping step (time is frozen, so it stays there), with three authors. */
async function importInMapping(): Promise<[Author, Author, Author]> {
  await sim('PUT', `${REPO}/import`, { vcs_url: 'http://svn.example.com/svn/authors-3', vcs: 'subversion' });
  simulator().advance(61);
  return (await sim('GET', `${REPO}/import/authors`)) as [Author, Author, Author];
}

const serverAuthors = async () => (await sim('GET', `${REPO}/import/authors`)) as Author[];

async function openEditor() {
  const view = renderApp(PAGE);
  await screen.findByRole('grid', { name: 'Commit authors' }, { timeout: 15_000 });
  return view;
}

/** Apply a mapping for all three authors through the editor's "Import mapping…" dialog. */
async function mapAll(view: Awaited<ReturnType<typeof openEditor>>, authors: Author[]) {
  await view.user.click(screen.getByRole('button', { name: 'Import mapping…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import an author mapping' });
  const text = authors
    .map((author, index) => `${author.remote_name} = Person ${index} <person${index}@example.com>`)
    .join('\n');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Or paste the mapping' }), {
    target: { value: text },
  });
  // The preview is computed off the main thread, so the button's count arrives asynchronously.
  await view.user.click(await within(dialog).findByRole('button', { name: 'Apply 3 changes' }));
  expect(await screen.findByText(/3 unsaved changes/)).toBeInTheDocument();
}

describe('the author editor under faults', { timeout: 90_000 }, () => {
  it('a 503 on every save: edits stay, failed rows say so, one request per row, a reload keeps them, retry saves', async () => {
    const [a, b, c] = await importInMapping();
    const view = await openEditor();

    // One edit typed inline, two through the mapping dialog.
    await view.user.dblClick(cellOf(a.remote_name, 'email'));
    const email = await screen.findByRole('textbox', { name: `Email for ${a.remote_name}` });
    fireEvent.change(email, { target: { value: 'typed@example.com' } });
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(cellOf(a.remote_name, 'email')).toHaveTextContent('typed@example.com'));
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();

    const patches = counter(PATCH_PATH, 'PATCH');
    injectFault({ id: 'down', kind: 'status', status: 503, method: 'PATCH', path: PATCH_PATH });
    await view.user.click(screen.getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(a.remote_name)).getByText('Save failed')).toBeInTheDocument());
    expect(cellOf(a.remote_name, 'email')).toHaveTextContent('typed@example.com');
    expect(patches()).toBe(1);

    // More edits while the fault holds, a second failing save: each row sent once, nothing more.
    await view.user.dblClick(cellOf(b.remote_name, 'name'));
    const name = await screen.findByRole('textbox', { name: `Name for ${b.remote_name}` });
    fireEvent.change(name, { target: { value: 'Bea Typed' } });
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(cellOf(b.remote_name, 'name')).toHaveTextContent('Bea Typed'));
    await view.user.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    expect(await screen.findByText(/2 changes were not saved/)).toBeInTheDocument();
    expect(patches()).toBe(3);
    // Nothing is sent again by itself while the page sits there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(patches()).toBe(3);
    expect((await serverAuthors()).find((author) => author.id === a.id)?.email).toBe(a.email);

    // A reload: a fresh render reads the edits back from localStorage.
    view.unmount();
    const again = await openEditor();
    expect(screen.getByText(/2 unsaved changes/)).toBeInTheDocument();
    expect(cellOf(a.remote_name, 'email')).toHaveTextContent('typed@example.com');
    expect(cellOf(b.remote_name, 'name')).toHaveTextContent('Bea Typed');
    expect(cellOf(c.remote_name, 'email')).toHaveTextContent(c.email);
    expect(patches()).toBe(3);

    clearFaults();
    await again.user.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
    const server = await serverAuthors();
    expect(server.find((author) => author.id === a.id)?.email).toBe('typed@example.com');
    expect(server.find((author) => author.id === b.id)?.name).toBe('Bea Typed');
  });

  it.each<[string, FaultRuleInput]>([
    ['a 500', { kind: 'status', status: 500, method: 'PATCH', path: PATCH_PATH }],
    ['a dropped connection', { kind: 'drop', method: 'PATCH', path: PATCH_PATH }],
  ])(
    '%s on every save: all rows fail once each, edits kept, "Retry failed" saves them after',
    async (_, rule) => {
      const authors = await importInMapping();
      const view = await openEditor();
      await mapAll(view, authors);
      const patches = counter(PATCH_PATH, 'PATCH');
      injectFault(rule);
      await view.user.click(screen.getByRole('button', { name: 'Save 3 changes' }));
      expect(await screen.findByText(/3 changes were not saved/)).toBeInTheDocument();
      expect(screen.getByText(/Saved: 3 of 3 · 3 failed/)).toBeInTheDocument();
      expect(patches()).toBe(3);
      for (const [index, author] of authors.entries()) {
        await waitFor(() =>
          expect(within(rowOf(author.remote_name)).getByText('Save failed')).toBeInTheDocument(),
        );
        expect(cellOf(author.remote_name, 'email')).toHaveTextContent(`person${index}@example.com`);
      }
      expect(await keptDraftsText('octo-org', 'hello-world')).toContain('person2@example.com');

      clearFaults();
      const retries = counter(PATCH_PATH, 'PATCH');
      await view.user.click(screen.getByRole('button', { name: 'Retry failed (3)' }));
      expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
      expect(retries()).toBe(3);
      expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
      const server = await serverAuthors();
      expect(server.map((author) => author.email)).toEqual([
        'person0@example.com',
        'person1@example.com',
        'person2@example.com',
      ]);
    },
  );

  it('a primary limit during a save: one request meets it, the rest wait it out (writes disabled, the reason said), then go', async () => {
    const authors = await importInMapping();
    const view = await openEditor();
    await mapAll(view, authors);
    const patches = counter(PATCH_PATH, 'PATCH');
    injectFault({
      id: 'primary',
      kind: 'primary-rate-limit',
      // On the simulator's clock, as its Date header says: the limit holds a minute, whatever this clock reads.
      resetInSeconds: 60,
      method: 'PATCH',
      path: PATCH_PATH,
    });
    await view.user.click(screen.getByRole('button', { name: 'Save 3 changes' }));
    expect(await screen.findByText(/GitHub’s rate limit is exhausted/)).toBeInTheDocument();
    // The first write met the limit; the queue holds the other two instead of failing them one by one.
    expect(patches()).toBe(1);
    expect(
      await screen.findByText(/Paused: GitHub’s rate limit is reached; writes resume at/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Saving author changes' })).toHaveTextContent(/1 of 3/);
    await waitFor(() =>
      expect(within(rowOf(authors[0].remote_name)).getByText('Save failed')).toBeInTheDocument(),
    );
    for (const [index, author] of authors.entries()) {
      expect(cellOf(author.remote_name, 'email')).toHaveTextContent(`person${index}@example.com`);
    }
    removeFault('primary');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(patches()).toBe(1);
    // The limit lifts (the clock moves past the reset): the queue goes on by itself with the two that waited.
    const until = rateLimitStore.getSnapshot().blockedUntil;
    expect(until).toBeGreaterThan(Date.now());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((until ?? 0) + 1_000);
      expect(await screen.findByText(/1 change was not saved/)).toBeInTheDocument();
      expect(patches()).toBe(3);
      await view.user.click(screen.getByRole('button', { name: 'Retry failed (1)' }));
      expect(await screen.findByText(/0 unsaved changes/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(patches()).toBe(4);
    expect((await serverAuthors()).map((author) => author.email)).toEqual([
      'person0@example.com',
      'person1@example.com',
      'person2@example.com',
    ]);
  });
});
