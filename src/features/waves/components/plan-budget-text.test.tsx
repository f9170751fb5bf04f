import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseWavePreview } from '@/contracts/wave-answers';
import { formatClockTime } from '@/lib/format';
import { PlanBudgetText } from './plan-budget-text';

const SHARED = {
  account: 'octocat',
  credentials: ['default', 'fine-grained'],
  otherWaves: 2,
  owed: 80,
  remaining: 100,
  leftAfter: -11,
  reset: '2026-06-01T13:00:00.000Z',
};

describe('what a wave plan costs the account', () => {
  it('names the user whose tokens share the budget, what other waves still owe, and a shortfall', () => {
    render(<PlanBudgetText budget={SHARED} />);
    const text = screen.getByText(/^Spends/).textContent;
    expect(text).toMatch(/^Spends octocat’s budget \(shared by default, fine-grained\): 100 left now/);
    expect(text).toContain('2 other waves on it should still make 80 requests.');
    expect(text).toContain('Not enough: 11 short at most, so the wave waits for the reset.');
  });

  it('says what would be left when it fits, and that the budget is not read yet before a reading', () => {
    const { rerender } = render(
      <PlanBudgetText
        budget={{
          ...SHARED,
          credentials: ['hubot'],
          account: 'hubot',
          otherWaves: 0,
          owed: 0,
          leftAfter: 89,
        }}
      />,
    );
    expect(screen.getByText(/^Spends/)).toHaveTextContent(
      /^Spends the budget of hubot: 100 left now \(it resets at .+\)\. At most, 89 would be left after this wave\.$/,
    );
    rerender(<PlanBudgetText budget={{ ...SHARED, remaining: undefined, leftAfter: undefined }} />);
    expect(screen.getByText(/^Spends/)).toHaveTextContent(/not read yet\. 2 other waves/);
  });

  it('reads the budget of a preview at the edge, and drops a malformed one', () => {
    const preview = {
      listed: 2,
      selected: 2,
      selectedSizeKb: 20,
      estimatedSeconds: 60,
      batches: [{ repos: ['a', 'b'], sizeKb: 20 }],
      requests: { listing: 1, perBatch: 3, perBatchMax: 5, extras: 0, total: 4, totalMax: 6 },
    };
    expect(parseWavePreview({ ...preview, budget: SHARED }).budget).toEqual(SHARED);
    expect(parseWavePreview({ ...preview, budget: { ...SHARED, owed: 'many' } }).budget).toBeUndefined();
    expect(parseWavePreview({ ...preview, budget: '<script>' }).budget).toBeUndefined();
  });

  it('shows the reset on this browser’s clock when GitHub’s runs ahead (a simulator moved on two hours)', () => {
    const twoHours = 2 * 60 * 60_000;
    const { rerender } = render(<PlanBudgetText budget={SHARED} />);
    const onGithubClock = screen.getByText(/^Spends/).textContent?.match(/resets at ([^)]+)\)/)?.[1];
    rerender(<PlanBudgetText budget={SHARED} clockOffsetMs={twoHours} />);
    const onLocal = screen.getByText(/^Spends/).textContent?.match(/resets at ([^)]+)\)/)?.[1];
    expect(onGithubClock).toBe(formatClockTime(Date.parse(SHARED.reset)));
    expect(onLocal).toBe(formatClockTime(Date.parse(SHARED.reset) - twoHours));
    expect(onLocal).not.toBe(onGithubClock);
  });
});
