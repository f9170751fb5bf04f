import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MoveCost } from '@/contracts/moves';
import { MoveCostList } from './move-cost-list';

const one = { min: 1, max: 1 };
const COST: MoveCost = {
  source: {
    credential: 'default',
    restRequests: { min: 6, max: 8 },
    graphqlRequests: one,
    graphqlBudget: { limit: 5000, remaining: 4980, resetAt: '2026-06-01T13:00:00.000Z', leftAfter: 4979 },
  },
  target: {
    credential: 'default',
    graphqlPoints: { min: 7, max: 20 },
    parts: { preflight: 2, starts: 2, statusPolls: { min: 2, max: 15 }, validation: 1 },
    importChargeMin: 1,
  },
  seconds: { min: 150, max: 600 },
};

describe('a move’s cost list', () => {
  it('shows the source’s GraphQL budget beside the REST one, with singular nouns for one', () => {
    const { rerender } = render(<MoveCostList cost={COST} clockOffsetMs={0} />);
    const list = screen.getByRole('list', { name: 'Cost' });
    expect(list).toHaveTextContent('6–8 REST requests (listing, exports');
    expect(list).toHaveTextContent('and 1 GraphQL request for validation.');
    expect(list).toHaveTextContent('at least 1 point (1 per import');
    expect(list).toHaveTextContent(
      /Source GraphQL budget: 4,980 of 5,000 points left now \(it resets at .+\)\. 4,979 would be left after validation\./,
    );
    const spent = { ...COST.source.graphqlBudget!, remaining: 0, leftAfter: -1 };
    rerender(
      <MoveCostList cost={{ ...COST, source: { ...COST.source, graphqlBudget: spent } }} clockOffsetMs={0} />,
    );
    expect(list).toHaveTextContent('Not enough: 1 short, so validation would wait for the reset.');
    rerender(
      <MoveCostList
        cost={{ ...COST, source: { ...COST.source, graphqlBudget: undefined } }}
        clockOffsetMs={0}
      />,
    );
    expect(list).toHaveTextContent(
      'Source GraphQL budget: not known (no store, not read yet, or the source has rate limiting off).',
    );
  });
});
