import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetRuleset } from '@/simulator/target/rulesets';
import { previewDefaults } from '@/testing/move-plan-steps';
import { renderApp } from '@/testing/render-with-providers';
import { simServer, simulator, TEST_ORIGIN, warmTestStore } from '@/testing/sim-server';

// The list of moves is read from the store: open it before the first test rather than inside it.
beforeAll(() => warmTestStore(), 60_000);

/** Replace the target organization's default (octo-target, once it has arrived) with `text`, then Preview. */
async function previewWithTarget(user: ReturnType<typeof renderApp>['user'], text: string) {
  const target = await screen.findByRole('textbox', { name: 'Target organization' });
  await expect.poll(() => (target as HTMLInputElement).value, { timeout: 10_000 }).toBe('octo-target');
  await user.clear(target);
  await user.type(target, text);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return target;
}

describe('the moves page', () => {
  it('says what a move needs: the simulated target, its address and credentials', async () => {
    renderApp('/moves');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moves' })).toBeInTheDocument();
    const needs = screen.getByRole('region', { name: 'What a move needs' });
    expect(
      await within(needs).findByText('Simulated (embedded simulator)', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(needs).getByRole('list', { name: 'Target credentials' })).toHaveTextContent(
      'default — Personal access token (classic)',
    );
    expect(screen.getByRole('button', { name: 'Start move' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start move' })).toHaveAccessibleDescription(
      /^Preview first: a move starts with the repositories its preview finds ready/,
    );
    expect(
      await within(screen.getByRole('region', { name: 'Moves so far' })).findByText(
        /^No move yet/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('previews octo-org → octo-target: each repository, a refused check with its reason, costs as ranges', async () => {
    // A repository over GEI's 40 GiB limit: its size check is refused.
    const docs = simulator()
      .github()
      .world.repos.find((repo) => repo.owner === 'octo-org' && repo.name === 'docs');
    if (!docs) throw new Error('octo-org/docs is not seeded');
    docs.size = 41 * 1024 * 1024;
    const { user } = renderApp('/moves');
    await previewDefaults(user);
    const summary = await screen.findByRole('status', { name: 'Preview summary' }, { timeout: 15_000 });
    const listed = simulator()
      .github()
      .world.repos.filter((repo) => repo.owner === 'octo-org').length;
    // The inventory (issue 49) blocks two more: ml-experiments' model file, legacy-monolith's long ref.
    expect(summary).toHaveTextContent(
      `octo-org → octo-target (The Octo Target): ${listed} of ${listed} repositories selected, ${listed - 3} ready. Not ready — `,
    );
    expect(summary).toHaveTextContent('Size within the source’s limit failed for 1');
    expect(summary).toHaveTextContent('No file over the import’s 400 MiB failed for 1');
    expect(summary).toHaveTextContent('Ref names within 255 bytes failed for 1');
    const table = screen.getByRole('table', { name: 'Repositories of the move' });
    expect(within(table).getAllByRole('row')).toHaveLength(listed + 1);
    const refused = within(table).getByRole('row', { name: 'docs' });
    expect(refused).toHaveTextContent(/Size within the source’s limit: refused — 41984 MiB is over/);
    expect(refused).toHaveTextContent('Not ready');
    expect(within(table).getByRole('row', { name: 'mobile-ios' })).toHaveTextContent(
      'Name free on the target: ok',
    );
    expect(screen.getByRole('list', { name: 'Token checks' })).toHaveTextContent(
      /Target — default \(Personal access token \(classic\)\), for .*start the import/,
    );
    const cost = screen.getByRole('list', { name: 'Cost' });
    expect(cost).toHaveTextContent(/Source \(default\): \d[\d,]*–\d[\d,]* REST requests/);
    expect(cost).toHaveTextContent(/Target \(default\): \d[\d,]*–\d[\d,]* GraphQL points — pre-flight \d/);
    expect(cost).toHaveTextContent(/Target budget: [\d,]+ of 5,000 points left now/);
    expect(cost).toHaveTextContent(/Source REST budget: \S+’s, (not read yet|[\d,]+ requests left now)/);
    expect(cost).toHaveTextContent(/Source GraphQL budget: (not known|[\d,]+ of 5,000 points left now)/);
    expect(screen.getByRole('list', { name: 'Not migrated' })).toHaveTextContent('Git LFS objects');
    // Ready repositories and every token able: the move may start (docs, refused, stays behind).
    expect(screen.getByRole('button', { name: 'Start move' })).toBeEnabled();
  }, 40_000);

  it('shows the target’s rulesets and the right to archive in each repository’s pre-flight', async () => {
    const ruleset = {
      target: 'branch',
      exclude: [],
      migrationsBypass: 'none',
      createdAt: 0,
    } satisfies Partial<TargetRuleset>;
    simulator().target.world.state().rulesets = [
      { ...ruleset, id: 1, name: 'Protect docs', enforcement: 'active', include: ['docs'] },
      { ...ruleset, id: 2, name: 'Trial', enforcement: 'evaluate', include: ['mobile-*'] },
    ];
    const { user } = renderApp('/moves');
    await user.click(await screen.findByRole('radio', { name: 'Archive the source' }));
    await previewDefaults(user);
    await screen.findByRole('status', { name: 'Preview summary' }, { timeout: 15_000 });
    const table = screen.getByRole('table', { name: 'Repositories of the move' });
    const docs = within(table).getByRole('row', { name: 'docs' });
    expect(docs).toHaveTextContent(
      /Target rulesets let the import through: refused — The ruleset “Protect docs” of octo-target applies to octo-target\/docs without letting Repository migrations bypass/,
    );
    expect(docs).toHaveTextContent('Not ready');
    const mobile = within(table).getByRole('row', { name: 'mobile-ios' });
    expect(mobile).toHaveTextContent(
      /Target rulesets let the import through: ok, with a warning — The ruleset “Trial” \(evaluate mode\)/,
    );
    expect(mobile).toHaveTextContent('May archive the source: ok');
    expect(mobile).toHaveTextContent('Ready');
  }, 40_000);

  it('says what is wrong with an empty or invalid organization on the field, and sends nothing', async () => {
    const { user } = renderApp('/moves');
    await user.type(await screen.findByRole('textbox', { name: 'Name pattern' }), 'mobile-*');
    const source = screen.getByRole('textbox', { name: 'Source organization' });
    await expect.poll(() => (source as HTMLInputElement).value, { timeout: 10_000 }).toBe('octo-org');
    await user.clear(source);
    const target = await previewWithTarget(user, 'octo target');
    expect(target).toHaveAccessibleDescription(/Not an organization name GitHub accepts/);
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(source).toHaveAccessibleDescription('Enter the source organization.');
    expect(screen.queryByRole('status', { name: 'Preview summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name pattern' })).toHaveValue('mobile-*');
  }, 30_000);

  it('shows the gateway’s 422 with its reason and keeps what was typed', async () => {
    const { user } = renderApp('/moves');
    const target = await previewWithTarget(user, 'no-such-org');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Preview: The request was rejected');
    expect(alert).toHaveTextContent(/no-such-org/);
    expect(target).toHaveValue('no-such-org');
  }, 30_000);

  it('says when the gateway cannot be reached, and keeps the form', async () => {
    simServer.use(http.post(`${TEST_ORIGIN}/api/moves/preview`, () => HttpResponse.error()));
    const { user } = renderApp('/moves');
    const pattern = await screen.findByRole('textbox', { name: 'Name pattern' });
    await user.type(pattern, 'docs');
    await previewDefaults(user);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Preview: Cannot reach the server',
    );
    expect(pattern).toHaveValue('docs');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  }, 30_000);
  it('heads GEI’s outage as GitHub’s importer’s trouble, not Ferry’s', async () => {
    simulator().target.world.faults.add([{ kind: 'service-unavailable' }]);
    const { user } = renderApp('/moves');
    await user.type(await screen.findByRole('textbox', { name: 'Name pattern' }), 'docs');
    await previewDefaults(user);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Preview: GitHub’s importer is unavailable (HTTP 503)');
    expect(alert).toHaveTextContent('The target says: GitHub Enterprise Importer is');
    expect(alert).toHaveTextContent('The trouble is GitHub’s, not Ferry’s');
    expect(alert).not.toHaveTextContent('Ferry’s server is having trouble');
  }, 30_000);

  it('changes where a repository lands in the preview’s table: GitHub’s name rules on the field, Start after a new preview', async () => {
    const { user } = renderApp('/moves');
    await user.type(await screen.findByRole('textbox', { name: 'Name pattern' }), 'mobile-*');
    await previewDefaults(user);
    const table = await screen.findByRole('table', { name: 'Repositories of the move' }, { timeout: 15_000 });
    const start = screen.getByRole('button', { name: 'Start move' });
    await expect.poll(() => (start as HTMLButtonElement).disabled, { timeout: 10_000 }).toBe(false);
    const name = within(table).getByRole('textbox', { name: 'Target name of mobile-ios' });
    // A name GitHub refuses: said on the field, and neither Preview nor Start sends it.
    await user.clear(name);
    await user.type(name, 'ios app');
    expect(name).toHaveAccessibleDescription(/Letters, digits/);
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/Correct the target names/);
    // Two repositories on one name: the gateway's pre-flight refuses the second (the choice was sent).
    await user.clear(name);
    await user.type(name, 'mobile-android');
    expect(start).toHaveAccessibleDescription(/Preview again/);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await expect
      .poll(
        () =>
          table.isConnected && within(table).queryAllByText(/already takes the name mobile-android/).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    // A free name and another visibility: previewed again, Start may be pressed.
    await user.clear(name);
    await user.type(name, 'ios-app');
    await user.selectOptions(
      within(table).getByRole('combobox', { name: 'Visibility of mobile-ios' }),
      'public',
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const row = await within(table).findByRole('row', { name: 'mobile-ios' });
    await expect
      .poll(() => row.textContent, { timeout: 15_000 })
      .toMatch(/Name free on the target: ok.*Ready$/);
    expect(within(row).getByRole('combobox', { name: 'Visibility of mobile-ios' })).toHaveValue('public');
    expect(start).toBeEnabled();
  }, 60_000);
});
