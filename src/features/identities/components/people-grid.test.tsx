import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IdentitiesAnswer } from '@/contracts/identities';
import { renderWithProviders } from '@/testing/render-with-providers';
import { personRows } from '../utils/identity-people';
import { identityRows } from '../utils/identity-rows';
import { PeopleGrid } from './people-grid';

/** The identity grid: every kind in one virtualised table, filtered by kind, at 100,000 rows. */
function answerWith(authors: number): IdentitiesAnswer {
  return {
    target: 'octo-target',
    credential: 'default',
    mannequins: [{ id: 'M_1', databaseId: 1, login: 'hubot', email: null, claimant: null }],
    members: [],
    suggestions: [{ mannequinId: 'M_1', targetUser: 'hubot-cloud', why: 'archive-email' }],
    drafts: [],
    invitations: [],
    archiveUsers: [
      {
        login: 'hubot',
        name: 'Hubot',
        emails: ['hubot@example.com'],
        suggestion: { targetUser: 'hubot-cloud', why: 'email' },
      },
    ],
    commitAuthors: Array.from({ length: authors }, (_, i) => ({
      name: `Author ${i}`,
      email: `author${i}@example.com`,
      from: i === 1 ? ('import' as const) : ('archive' as const),
      ...(i === 1 ? { repository: 'octo-org/app', remoteName: 'ada' } : {}),
      ...(i === 0 ? { suggestion: { targetUser: 'octocat', why: 'email' as const } } : {}),
    })),
    archives: [{ repository: 'octo-org/hello-world', state: 'read' }],
  };
}

const rowsOf = (answer: IdentitiesAnswer) => personRows(answer, identityRows(answer));

/** The grid's row of one kind and one person (the Kind and Who cells). */
function rowOf(grid: HTMLElement, kind: string, who: string): HTMLElement {
  const found = within(grid)
    .getAllByRole('row')
    .find((row) => {
      const cells = within(row).queryAllByRole('gridcell');
      return cells[0]?.textContent === kind && cells[1]?.textContent === who;
    });
  if (!found) throw new Error(`no ${kind} row for ${who}`);
  return found;
}

describe('the identity grid (the author editor’s virtual grid)', () => {
  it('shows each kind with its suggestion; only a mannequin’s target user edits', async () => {
    const onChoose = vi.fn();
    const { user } = renderWithProviders(
      <PeopleGrid rows={rowsOf(answerWith(1))} sent={new Map()} onChoose={onChoose} />,
    );
    const grid = screen.getByRole('grid', { name: 'Identities' });
    const mannequin = rowOf(grid, 'Mannequin', 'hubot');
    expect(mannequin).toHaveTextContent('hubot-cloud (same e-mail in the archive)');
    expect(mannequin).toHaveTextContent('Not invited');

    const archived = rowOf(grid, 'Archive user', 'hubot');
    expect(archived).toHaveTextContent('hubot@example.com');
    expect(archived).toHaveTextContent('hubot-cloud (same e-mail)');
    expect(archived).toHaveTextContent('Not a mannequin: for reference (Hubot)');
    await user.dblClick(within(archived).getAllByRole('gridcell')[4] as HTMLElement);
    expect(within(grid).queryByRole('textbox')).not.toBeInTheDocument();

    const author = rowOf(grid, 'Commit author', 'Author 0');
    expect(author).toHaveTextContent('octocat (same e-mail)');
    expect(author).toHaveTextContent('Commits keep their e-mail');

    // A mannequin's target user: a login GitHub refuses keeps the editor open; a login is chosen.
    await user.dblClick(within(mannequin).getAllByRole('gridcell')[4] as HTMLElement);
    const editor = within(grid).getByRole('textbox', { name: 'Target user for hubot' });
    await user.type(editor, 'not a login{Enter}');
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Not a GitHub login')).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await user.clear(editor);
    await user.type(editor, 'hubot-cloud{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ chosen: '' }), 'hubot-cloud');
  });

  it('says which import mapped a commit author, and what the import found', () => {
    renderWithProviders(<PeopleGrid rows={rowsOf(answerWith(2))} sent={new Map()} onChoose={vi.fn()} />);
    const mapped = rowOf(screen.getByRole('grid', { name: 'Identities' }), 'Commit author', 'Author 1');
    expect(mapped).toHaveTextContent('mapped in the import of octo-org/app (was ada)');
  });

  it('draws 100,000 rows a screenful at a time and filters them by kind', async () => {
    const rows = rowsOf(answerWith(100_000 - 2));
    const { user } = renderWithProviders(<PeopleGrid rows={rows} sent={new Map()} onChoose={vi.fn()} />);
    const grid = screen.getByRole('grid', { name: 'Identities' });
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    // A screenful plus the overscan, not 100,000.
    expect(within(grid).getAllByRole('row').length).toBeLessThan(60);
    expect(screen.getByRole('button', { name: 'Commit authors (99998)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archive users (1)' }));
    const filtered = screen.getByRole('grid', { name: 'Identities' });
    expect(within(filtered).getAllByRole('row')).toHaveLength(2); // the header and hubot
    expect(rowOf(filtered, 'Archive user', 'hubot')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mannequins (1)' }));
    expect(rowOf(screen.getByRole('grid', { name: 'Identities' }), 'Mannequin', 'hubot')).toBeInTheDocument();

    // A search across every kind: by e-mail, case aside.
    await user.click(screen.getByRole('button', { name: 'All (100000)' }));
    await user.click(screen.getByRole('searchbox', { name: 'Find' }));
    await user.paste('AUTHOR99997@');
    const found = screen.getByRole('grid', { name: 'Identities' });
    expect(found).toHaveAttribute('aria-rowcount', '2');
    expect(rowOf(found, 'Commit author', 'Author 99997')).toBeInTheDocument();
  }, 30_000);

  it('shows a refusal only while the row still maps to the member refused', () => {
    const answer: IdentitiesAnswer = {
      ...answerWith(0),
      mannequins: [
        { id: 'M_1', databaseId: 1, login: 'hubot', email: null, claimant: null },
        { id: 'M_2', databaseId: 2, login: 'ada', email: null, claimant: null },
      ],
      drafts: [
        {
          mannequinId: 'M_1',
          databaseId: 1,
          targetUser: 'outsider',
          version: 1,
          updatedAt: '',
          updatedBy: 'x',
        },
        // Remapped after the sending refused "outsider".
        {
          mannequinId: 'M_2',
          databaseId: 2,
          targetUser: 'monalisa',
          version: 2,
          updatedAt: '',
          updatedBy: 'x',
        },
      ],
    };
    const refused = (mannequinId: string) => ({
      mannequinId,
      targetUser: 'outsider',
      result: 'refused' as const,
      reason: 'Target must be a member of the octo-target organization',
    });
    const sent = new Map([
      ['M_1', refused('M_1')],
      ['M_2', refused('M_2')],
    ]);
    renderWithProviders(<PeopleGrid rows={rowsOf(answer)} sent={sent} onChoose={vi.fn()} />);
    const grid = screen.getByRole('grid', { name: 'Identities' });
    expect(rowOf(grid, 'Mannequin', 'hubot')).toHaveTextContent('Refused: Target must be a member');
    expect(rowOf(grid, 'Mannequin', 'ada')).not.toHaveTextContent('Refused');
  });
});
