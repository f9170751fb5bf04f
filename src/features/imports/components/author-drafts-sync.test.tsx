import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-with-providers';
import { http } from 'msw';
import { simGithub, simServer, simulator, TEST_ORIGIN, toGateway } from '@/testing/sim-server';
import { cellOf } from '@/testing/author-grid-cells';

configure({ asyncUtilTimeout: 15_000 });

const REPO = '/repos/octo-org/hello-world';
const PAGE = '/imports/octo-org/hello-world';
const DRAFTS = `${TEST_ORIGIN}/api/ferry/drafts/octo-org/hello-world`;

interface Author {
  id: number;
  remote_name: string;
  email: string;
}

async function importInMapping(): Promise<Author[]> {
  await simGithub('PUT', `${REPO}/import`, {
    vcs_url: 'http://svn.example.com/svn/authors-12',
    vcs: 'subversion',
  });
  simulator().advance(61);
  return (await (await simGithub('GET', `${REPO}/import/authors`)).json()) as Author[];
}

/** Another browser: its own localStorage (so its own client id) and a fresh page. */
function anotherBrowser(view: { unmount(): void }) {
  view.unmount();
  localStorage.clear();
  return renderApp(PAGE);
}

describe('author-mapping drafts in the store', { timeout: 90_000 }, () => {
  it('a draft typed in one browser is there in another', async () => {
    const [first] = await importInMapping();
    const view = renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' });
    await view.user.dblClick(cellOf(first!.remote_name, 'email'));
    const email = await screen.findByRole('textbox', { name: `Email for ${first!.remote_name}` });
    fireEvent.change(email, { target: { value: 'ada@elsewhere.io' } });
    await view.user.keyboard('{Enter}');
    await screen.findByText(/Drafts are kept on Ferry’s server/);
    const stored = (await (await fetch(DRAFTS)).json()) as { drafts: { authorId: number; email: string }[] };
    expect(stored.drafts).toEqual([
      expect.objectContaining({ authorId: first!.id, email: 'ada@elsewhere.io' }),
    ]);

    anotherBrowser(view);
    await screen.findByRole('grid', { name: 'Commit authors' });
    await waitFor(() => expect(cellOf(first!.remote_name, 'email')).toHaveTextContent('ada@elsewhere.io'));
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();
  });

  it('tells the other person when someone else saved the same author later', async () => {
    const [first] = await importInMapping();
    const view = renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' });
    await view.user.dblClick(cellOf(first!.remote_name, 'email'));
    fireEvent.change(await screen.findByRole('textbox', { name: `Email for ${first!.remote_name}` }), {
      target: { value: 'mine@example.com' },
    });
    await view.user.keyboard('{Enter}');
    await screen.findByText(/Drafts are kept on Ferry’s server/);

    // Someone in another browser saves the same author, later: theirs wins.
    const theirs = await fetch(DRAFTS, {
      method: 'PUT',
      // A browser adds Origin to a write by itself; this test environment does not, so the write states its
      // intent as the SPA's client does (the gateway refuses a write with neither).
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'another-browser-0001' },
      body: JSON.stringify({
        client: 'another-browser-0001',
        saves: [{ authorId: first!.id, name: 'Ada', email: 'theirs@example.com', baseVersion: 0 }],
      }),
    });
    const result = (await theirs.json()) as { results: { overwrote?: { email: string } }[] };
    expect(result.results[0]?.overwrote).toMatchObject({ email: 'mine@example.com' });

    await view.queryClient.refetchQueries({ queryKey: ['author-drafts'] });
    expect(
      await screen.findByText(/was changed in another browser: now Ada <theirs@example.com>/),
    ).toBeInTheDocument();
    // The author by the name the source repository knows them by, not GitHub's number for them.
    expect(
      screen.getByText(
        `The author “${first!.remote_name}” was changed in another browser: now Ada <theirs@example.com>.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(cellOf(first!.remote_name, 'email')).toHaveTextContent('theirs@example.com'));
  });

  it('offers drafts kept only in this browser, from before the store, once', async () => {
    const [first] = await importInMapping();
    localStorage.setItem(
      'ferry.imports.author-edits.v1:octo-org/hello-world:http://svn.example.com/svn/authors-12',
      JSON.stringify({ [first!.id]: { email: 'old@example.com' } }),
    );
    const view = renderApp(PAGE);
    expect(await screen.findByText(/Drafts found in this browser only/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(cellOf(first!.remote_name, 'email')).toHaveTextContent('old@example.com'));
    await waitFor(async () => {
      const stored = (await (await fetch(DRAFTS)).json()) as { drafts: { email: string }[] };
      expect(stored.drafts.map((draft) => draft.email)).toEqual(['old@example.com']);
    });
    expect(screen.queryByText(/Drafts found in this browser only/)).not.toBeInTheDocument();
    expect(Object.keys({ ...localStorage }).some((key) => key.includes('author-edits.v1'))).toBe(false);
  });

  it('a refresh of the drafts read before a save and answered after it does not undo the save', async () => {
    const [first] = await importInMapping();
    const view = renderApp(PAGE);
    await screen.findByRole('grid', { name: 'Commit authors' });
    // The next refresh reads the store now (no draft yet) and its answer is held until the save is through.
    let read!: () => void;
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    simServer.use(
      http.get(
        DRAFTS,
        async ({ request }) => {
          const answer = await toGateway(request);
          const body = await answer.text();
          read();
          await held;
          return new Response(body, { status: answer.status, headers: answer.headers });
        },
        { once: true },
      ),
    );
    const refresh = view.queryClient.refetchQueries({ queryKey: ['author-drafts'] });
    await wasRead;

    await view.user.dblClick(cellOf(first!.remote_name, 'email'));
    fireEvent.change(await screen.findByRole('textbox', { name: `Email for ${first!.remote_name}` }), {
      target: { value: 'ada@saved.io' },
    });
    await view.user.keyboard('{Enter}');
    await waitFor(async () => {
      const stored = (await (await fetch(DRAFTS)).json()) as { drafts: { email: string }[] };
      expect(stored.drafts.map((draft) => draft.email)).toEqual(['ada@saved.io']);
    });
    await screen.findByText(/Drafts are kept on Ferry’s server/);

    release();
    await refresh;
    // The stale answer (no draft) must not replace what the save returned: the edit is still shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cellOf(first!.remote_name, 'email')).toHaveTextContent('ada@saved.io');
    expect(screen.getByText(/1 unsaved change$/)).toBeInTheDocument();
  });
});
