import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Move, MoveBulkAnswer, MoveRepository } from '@/contracts/move-run';
import { buildMoveRepository } from '@/testing/move-factories';
import { renderWithProviders } from '@/testing/render-with-providers';
import { simServer, TEST_ORIGIN } from '@/testing/sim-server';
import { MoveRepositories } from './move-repositories';

const at = new Date().toISOString();
const repo = (name: string, change: Partial<MoveRepository> = {}) =>
  buildMoveRepository(name, { step: 'failed', error: 'GitHub said no.', updatedAt: at, ...change });
const failed = Array.from({ length: 25 }, (_, index) => repo(`svc-${String(index).padStart(2, '0')}`));
const MOVE: Move = {
  id: '2026-01-01-bulk',
  createdAt: at,
  updatedAt: at,
  state: 'running',
  source: { kind: 'org', login: 'octo-org' },
  target: { login: 'octo-target' },
  request: {} as Move['request'],
  afterValidation: 'unlock',
  repositories: [
    ...failed,
    repo('stuck-one', {
      step: 'queued',
      error: undefined,
      migration: { id: 'RM_1' },
      updatedAt: new Date(Date.now() - 8 * 3_600_000).toISOString(),
    }),
    repo('docs', { step: 'done', error: undefined }),
  ],
  requests: { source: 0, target: 0, targetPoints: 0 },
};

describe('many at once on a move’s repositories', () => {
  it('counts each action (off at 0), confirms with the names and the cost, sends them and says what was skipped', async () => {
    const sent: unknown[] = [];
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/moves/${MOVE.id}/repositories/bulk`, async ({ request }) => {
        sent.push(await request.json());
        const answer: MoveBulkAnswer = {
          move: MOVE,
          acted: failed.slice(1).map((found) => found.name),
          skipped: [
            {
              name: 'svc-00',
              reason: 'svc-00 is exporting: only a failed or aborted repository is retried.',
            },
          ],
        };
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderWithProviders(
      <MoveRepositories move={MOVE} busy={false} onAction={() => undefined} />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Many at once' });
    expect(within(toolbar).getByRole('button', { name: 'Unlock all (0)' })).toBeDisabled();
    expect(within(toolbar).getByRole('button', { name: 'Abort all stuck (1)' })).toBeEnabled();

    await user.click(within(toolbar).getByRole('button', { name: 'Retry all failed (25)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry 25 repositories?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(20);
    expect(dialog).toHaveTextContent('and 5 more');
    expect(dialog).toHaveTextContent('25 exports again on the source: 3–5 REST requests each');
    expect(dialog).toHaveTextContent('25 imports started again on the target');
    // Keyboard: the harmless button has the focus; Escape keeps them as they are.
    expect(within(dialog).getByRole('button', { name: 'Leave them failed' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(toolbar).getByRole('button', { name: 'Retry all failed (25)' }));
    await user.click(await screen.findByRole('button', { name: 'Retry them' }));
    const result = await screen.findByRole('status', { name: 'What many at once did' });
    expect(result).toHaveTextContent('Retried 24 repositories; 1 was skipped:');
    expect(result).toHaveTextContent('svc-00: svc-00 is exporting');
    expect(sent).toEqual([{ action: 'retry', names: failed.map((found) => found.name) }]);

    await user.click(within(toolbar).getByRole('button', { name: 'Abort all stuck (1)' }));
    const abort = await screen.findByRole('dialog', { name: 'Abort the stuck imports of 1 repository?' });
    expect(abort).toHaveTextContent('stuck-one');
    expect(abort).toHaveTextContent('Cost: 1 abort request to the target');
    await user.click(within(abort).getByRole('button', { name: 'Keep importing' }));
  });

  it('filters by result and by name, says how many it shows, and clears an empty result', async () => {
    const { user } = renderWithProviders(
      <MoveRepositories move={MOVE} busy={false} onAction={() => undefined} />,
    );
    expect(screen.getByText('27 of 27 shown')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Done' }));
    expect(screen.getByText('1 of 27 shown')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'docs' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'svc-01' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'svc');
    expect(screen.getByText('No repository matches these filters.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('27 of 27 shown')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'svc-01' })).toBeInTheDocument();
  });

  it('a hung import says GitHub’s known hang and its way out; its Abort is described by it, then Retry follows', () => {
    const hung = repo('hung-one', {
      step: 'importing',
      error: undefined,
      migration: { id: 'RM_2', state: 'PENDING_VALIDATION' },
      updatedAt: new Date(Date.now() - 40 * 60_000).toISOString(),
    });
    const actions: unknown[] = [];
    const view = renderWithProviders(
      <MoveRepositories
        move={{ ...MOVE, repositories: [hung] }}
        busy={false}
        onAction={(action) => actions.push(action)}
      />,
    );
    const row = screen.getByRole('row', { name: 'hung-one' });
    expect(row).toHaveTextContent('At this step for 40 min');
    const abort = within(row).getByRole('button', { name: 'Abort the import of hung-one' });
    expect(abort).toHaveAccessibleDescription(
      /known hang of GitHub’s importer \(gh-gei#1296\).*Abort it, then Retry\./,
    );
    abort.click();
    expect(actions).toEqual([{ kind: 'abort', repository: 'hung-one' }]);
    view.unmount();
    renderWithProviders(
      <MoveRepositories
        move={{ ...MOVE, repositories: [{ ...hung, step: 'aborted' }] }}
        busy={false}
        onAction={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Retry hung-one' })).toBeEnabled();
  });
});

describe('a move of 1,000 repositories', () => {
  it('draws the rows near the view only, and says how many there are', () => {
    const many = Array.from({ length: 1_000 }, (_, index) =>
      repo(`r-${String(index).padStart(4, '0')}`, { step: 'done', error: undefined }),
    );
    renderWithProviders(
      <MoveRepositories move={{ ...MOVE, repositories: many }} busy={false} onAction={() => undefined} />,
    );
    const table = screen.getByRole('table', { name: 'Repositories' });
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const drawn = within(table).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect(screen.queryByRole('row', { name: 'r-0900' })).not.toBeInTheDocument();

    // Scrolling the page draws the others: tests/e2e (a real browser's layout).
  });
});
