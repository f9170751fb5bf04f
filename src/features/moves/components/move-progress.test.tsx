import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import { buildMove, buildMoveRepository } from '@/testing/move-factories';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MoveProgress } from './move-progress';

const now = Date.now();
const at = (ms: number) => new Date(now + ms).toISOString();
const repo = (name: string, step: MoveRepository['step'], ms: number) =>
  buildMoveRepository(name, { step, updatedAt: at(ms) });
const MOVE: Move = buildMove(
  [repo('a', 'done', -30 * 60_000), repo('b', 'failed', -20 * 60_000), repo('c', 'importing', 0)],
  { createdAt: at(-60 * 60_000), updatedAt: at(0) },
);

describe('the move’s progress', () => {
  it('says when it will be done and draws the burndown with its figures in words', async () => {
    const estimate: Move['estimate'] = {
      finishAt: at(10 * 60_000),
      low: at(5 * 60_000),
      high: at(20 * 60_000),
      basis: { method: 'finish-pace', finished: 2, remaining: 1, paceMs: 600_000 },
    };
    renderWithProviders(<MoveProgress move={{ ...MOVE, estimate }} />);
    expect(screen.getByRole('status', { name: 'When it will be done' })).toHaveTextContent(
      /^Expected to finish around .+: 2 finished, 1 to go, one finishing every 10 min 00 s\.$/,
    );
    const figure = screen.getByRole('figure');
    expect(figure).toHaveAccessibleName(/^Burndown\. Since .+: 1 done, 1 failed or stopped, 1 remaining\.$/);
    // The chart's code arrives on its own (lazily): its drawing replaces the placeholder.
    expect(await screen.findByText('remaining')).toBeInTheDocument();
  });

  it('a running move without an estimate says why; a paused one, that it waits', () => {
    const view = renderWithProviders(<MoveProgress move={MOVE} />);
    expect(screen.getByRole('status', { name: 'When it will be done' })).toHaveTextContent(
      'No estimate yet: the move has not come far enough to measure its pace.',
    );
    view.unmount();
    renderWithProviders(<MoveProgress move={{ ...MOVE, state: 'paused' }} />);
    expect(screen.getByRole('status', { name: 'When it will be done' })).toHaveTextContent(
      'Paused: no estimate',
    );
  });
});
