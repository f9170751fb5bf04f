import { expect, expectAccessible, moveThroughApi, test } from './fixtures';

/**
 * The identity map at scale (issue 48): one big-org repository moved into the simulator's octo-target brings the
 * organization's crowd — 3,000 mannequins, some with a member of the same e-mail, some with a member of the same
 * login, the rest with nobody (src/simulator/target/crowd.ts). In the browser: the Moves page's "Identities" opens
 * on the move's target; the grid scrolls to its end; a search narrows it; its bulk actions accept the suggestions
 * shown and send their invitations; the simulated target records them (accepted ten simulated minutes later). On a
 * phone, who the row is and the member chosen come first.
 */
test.setTimeout(90_000);

interface Answer {
  mannequins: { id: string; login: string; claimant: { login: string } | null }[];
  invitations: { mannequinId: string; targetUser: string }[];
}

test('3,000 mannequins: scroll to the end, accept the suggestions found, send them in bulk', async ({
  page,
  sim,
}) => {
  await sim.reset('big-org');
  const moved = await moveThroughApi(
    page,
    sim,
    { source: 'big-org', namePattern: 'web-242' },
    'e2e-identities-at-scale',
  );
  expect(moved.state).toBe('completed');

  // The Moves page's "Identities" opens on the move's target, its organization filled in.
  await page.goto('/moves');
  await page.getByRole('link', { name: 'Identities' }).click();
  await expect(page).toHaveURL(/\/moves\/identities\?target=octo-target$/);
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  await expect(page.getByRole('button', { name: 'Mannequins (3001)' })).toBeVisible({ timeout: 30_000 });

  // The grid draws a screenful of its thousands of rows; the keyboard reaches the last one.
  const grid = page.getByRole('grid', { name: 'Identities' });
  const rowCount = Number(await grid.getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(3_001);
  expect(await grid.locator('[role="row"][data-id]').count()).toBeLessThan(80);
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Control+End');
  await expect(grid.locator(`[role="row"][aria-rowindex="${rowCount}"]`)).toBeVisible();

  // A search narrows the grid; the bulk actions act on the mannequins it shows.
  await page.getByRole('searchbox', { name: 'Find' }).fill('olga-');
  await expect(page.getByText(/\d+ shown, which the buttons act on/)).toBeVisible();
  const olga = grid.locator('[role="row"][data-id]').first();
  await expect(olga.locator('[data-field="who"]')).toHaveText(/^olga-/);
  await page.getByRole('button', { name: 'Accept suggestions' }).click();
  await expect(page.getByRole('button', { name: 'Accept suggestions' })).toBeDisabled();
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send attribution invitations?' });
  const send = dialog.getByRole('button', { name: /^Send \d+$/ });
  const count = Number((await send.innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(10);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'invitations sent' })).toContainText(
    `${count} invitations sent, 0 refused`,
    { timeout: 30_000 },
  );

  // What the simulated target recorded: each invitation accepted ten simulated minutes later, by the member chosen.
  await sim.advance(600);
  const answer = (await (await page.request.get('/api/identities?target=octo-target')).json()) as Answer;
  const claimed = answer.mannequins.filter((m) => m.claimant);
  expect(claimed).toHaveLength(count);
  expect(claimed.every((m) => m.login.startsWith('olga-'))).toBe(true);
  const invitedTo = new Map(answer.invitations.map((i) => [i.mannequinId, i.targetUser]));
  expect(claimed.every((m) => invitedTo.get(m.id) === m.claimant?.login)).toBe(true);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Find' }).fill('olga-');
  await expect(grid.getByText(/^Accepted by /).first()).toBeVisible({ timeout: 30_000 });

  // On a phone: who the row is and the member chosen for it come first.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(grid.getByRole('columnheader').nth(0)).toHaveText('Who');
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText('Target user');
  await expectAccessible(page);
});
