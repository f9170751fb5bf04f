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

describe('the identity grid', () => {
  it('shows each kind with its suggestion; only the mannequin can be mapped', () => {
    renderWithProviders(<PeopleGrid rows={rowsOf(answerWith(1))} sent={new Map()} onChoose={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Identities' });
    const mannequin = within(table).getByRole('row', { name: 'hubot' });
    expect(mannequin).toHaveTextContent('Mannequin');
    expect(mannequin).toHaveTextContent('hubot-cloud (same e-mail in the archive)');
    expect(within(mannequin).getByRole('textbox', { name: 'Target user for hubot' })).toBeEnabled();

    const user = within(table).getByRole('row', { name: 'hubot (archive user)' });
    expect(user).toHaveTextContent('Archive user');
    expect(user).toHaveTextContent('hubot@example.com');
    expect(user).toHaveTextContent('hubot-cloud (same e-mail)');
    expect(user).toHaveTextContent('Not a mannequin');
    expect(within(user).queryByRole('textbox')).not.toBeInTheDocument();

    const author = within(table).getByRole('row', {
      name: 'Author 0 <author0@example.com> (commit author)',
    });
    expect(author).toHaveTextContent('octocat (same e-mail)');
    expect(author).toHaveTextContent('Commits keep their e-mail');
  });

  it('says which import mapped a commit author, and what the import found', () => {
    renderWithProviders(<PeopleGrid rows={rowsOf(answerWith(2))} sent={new Map()} onChoose={vi.fn()} />);
    const mapped = screen.getByRole('row', { name: 'Author 1 <author1@example.com> (commit author)' });
    expect(mapped).toHaveTextContent('Mapped in the import of octo-org/app (was ada)');
  });

  it('draws 100,000 rows a screenful at a time and filters them by kind', async () => {
    const rows = rowsOf(answerWith(100_000 - 2));
    const started = performance.now();
    const { user } = renderWithProviders(<PeopleGrid rows={rows} sent={new Map()} onChoose={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Identities' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(table).toHaveAttribute('aria-rowcount', '100001');
    // A screenful plus the overscan, not 100,000.
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);
    expect(screen.getByRole('button', { name: 'Commit authors (99998)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archive users (1)' }));
    const filtered = screen.getByRole('table', { name: 'Identities' });
    expect(within(filtered).getAllByRole('row')).toHaveLength(2); // the header and hubot
    expect(within(filtered).getByRole('row', { name: 'hubot (archive user)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mannequins (1)' }));
    expect(
      within(screen.getByRole('table', { name: 'Identities' })).getByRole('row', { name: 'hubot' }),
    ).toBeInTheDocument();
  }, 30_000);
});
