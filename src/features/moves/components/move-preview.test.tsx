import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_MIGRATED, type MovePlannedRepository, type MovePreview } from '@/contracts/moves';
import { renderWithProviders } from '@/testing/render-with-providers';
import { MovePreviewView } from './move-preview';

/** happy-dom evaluates media queries: a narrow viewport is a phone. */
function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }
  ).happyDOM.setViewport({ width });
}
afterEach(() => setViewportWidth(1024));

const ok = (check: MovePlannedRepository['checks'][number]['check']) => ({
  check,
  ok: true,
  reason: 'checked',
});
const repo = (name: string, checks: MovePlannedRepository['checks']): MovePlannedRepository => ({
  name,
  targetName: name,
  sourceVisibility: 'private',
  visibility: 'private',
  sizeKb: 100,
  checks,
  ready: checks.every((check) => check.ok),
});
const one = { min: 1, max: 1 };
const PREVIEW: MovePreview = {
  source: { login: 'octo-org', credential: 'default', limitKb: 41_943_040, limitReason: 'GEI’s limit' },
  target: { login: 'octo-target', credential: 'default', organization: null },
  listed: 2,
  selected: 2,
  ready: 1,
  repositories: [
    repo('hello-world', [ok('target-name-free'), ok('size-within-limit'), ok('visibility')]),
    repo('docs', [
      { check: 'target-name-free', ok: false, reason: 'octo-target/docs exists' },
      {
        check: 'target-rulesets',
        ok: true,
        warning: true,
        reason: 'The ruleset “Trial” is in evaluate mode',
      },
      ok('size-within-limit'),
    ]),
  ],
  tokens: [],
  notMigrated: NOT_MIGRATED,
  cost: {
    source: { credential: 'default', restRequests: one, graphqlRequests: one },
    target: {
      credential: 'default',
      graphqlPoints: one,
      parts: { preflight: 1, starts: 1, statusPolls: one, validation: 1 },
      importChargeMin: 1,
    },
    seconds: one,
  },
  requests: { source: 1, target: 1, targetGraphql: 1 },
};

describe('the move’s preview on a phone', () => {
  it('makes each repository a compact block: what needs a look shown, the checks that passed folded', async () => {
    setViewportWidth(360);
    const { user } = renderWithProviders(<MovePreviewView preview={PREVIEW} clockOffsetMs={0} />);
    expect(screen.queryByRole('table', { name: 'Repositories of the move' })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Repositories of the move' });
    const docs = within(list).getByRole('listitem', { name: 'docs' });
    expect(docs).toHaveTextContent('Not ready');
    expect(within(docs).getByRole('list', { name: 'Checks of docs to look at' })).toHaveTextContent(
      /Name free on the target: refused — octo-target\/docs exists.*ok, with a warning — The ruleset “Trial”/,
    );
    // The checks that passed: under one line, opened by a tap.
    expect(within(docs).getByText('1 other check ok')).toBeVisible();
    expect(within(docs).getByText('Size within the source’s limit: ok')).not.toBeVisible();
    const hello = within(list).getByRole('listitem', { name: 'hello-world' });
    expect(hello).toHaveTextContent('Ready');
    expect(within(hello).getByText('Visibility allowed: ok')).not.toBeVisible();
    await user.click(within(hello).getByText('Pre-flight: 3 checks ok'));
    expect(within(hello).getByText('Visibility allowed: ok')).toBeVisible();
    // What a move leaves behind: folded under one line too.
    expect(screen.getByText(`${NOT_MIGRATED.length} things a move leaves behind`)).toBeVisible();
    expect(screen.getByText('Git LFS objects', { exact: false })).not.toBeVisible();
  });

  it('keeps the table on a wider screen', () => {
    renderWithProviders(<MovePreviewView preview={PREVIEW} clockOffsetMs={0} />);
    const table = screen.getByRole('table', { name: 'Repositories of the move' });
    expect(within(table).getByRole('row', { name: 'docs' })).toHaveTextContent(
      'Name free on the target: refused — octo-target/docs exists',
    );
    expect(screen.getByRole('list', { name: 'Not migrated' })).toBeVisible();
  });
});
