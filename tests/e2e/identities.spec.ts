import { readFileSync } from 'node:fs';
import { readAsGhGei } from '../../src/server/moves/identities/gh-gei-csv-reader';
import { expect, expectAccessible, moveThroughApi, test } from './fixtures';

/**
 * The identity map (issue 36): octo-org's hello-world moved into the simulator's octo-target through the API (its
 * issues' author hubot has no account there: a mannequin), then, in the browser, hubot mapped to hubot-cloud by
 * its suggestion (same e-mail), the reclaim CSV downloaded and read as gh gei reads it, the invitation sent and
 * accepted ten simulated minutes later. The move's archive adds its users (hubot with the e-mail that names
 * hubot-cloud) and its commits' authors to the map, each kind shown by the grid's filter.
 */
test.setTimeout(180_000);

test('a mannequin reclaimed from the identity map; the CSV downloaded is what gh gei reads', async ({
  page,
  sim,
}) => {
  // The move runs on the simulated clock: moved on two minutes per look until it has ended.
  const moved = await moveThroughApi(
    page,
    sim,
    { source: 'octo-org', namePattern: 'hello-world' },
    'e2e-identities',
  );
  expect(moved.state).toBe('completed');

  await page.goto('/moves');
  await page.getByRole('link', { name: 'Identities' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Identities' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Target organization' }).fill('octo-target');
  await page.getByRole('button', { name: 'Show' }).click();

  const grid = page.getByRole('grid', { name: 'Identities' });
  /** The grid's row of one kind and one person (its Kind and Who cells). */
  const rowOf = (kind: string, who: string) =>
    grid
      .getByRole('row')
      .filter({ has: page.locator('[data-field="kind"]', { hasText: new RegExp(`^${kind}$`) }) })
      .filter({ has: page.locator('[data-field="who"]', { hasText: new RegExp(`^${who}$`) }) });
  // The archive's users, read in the background: hubot's e-mail there suggests the member who holds it.
  const archived = rowOf('Archive user', 'hubot');
  await expect(archived).toContainText('hubot@example.com', { timeout: 30_000 });
  await expect(archived).toContainText('hubot-cloud (same e-mail)');
  await expect(archived).toContainText('Not a mannequin');
  await page.getByRole('button', { name: /^Commit authors \(\d+\)$/ }).click();
  await expect(
    grid
      .getByRole('row')
      .filter({ has: page.locator('[data-field="kind"]', { hasText: 'Commit author' }) })
      .first(),
  ).toContainText('Commits keep their e-mail');
  await expect(rowOf('Mannequin', 'hubot')).toHaveCount(0);
  await page.getByRole('button', { name: /^All \(\d+\)$/ }).click();

  const hubot = rowOf('Mannequin', 'hubot');
  await expect(hubot).toContainText('hubot@example.com');
  await expect(hubot).toContainText('hubot-cloud (same e-mail)');
  await expect(hubot).toContainText('Not invited');
  await page.getByRole('button', { name: 'Accept suggestions' }).click();
  await expect(hubot.locator('[data-field="targetUser"]')).toHaveText('hubot-cloud');
  await expectAccessible(page);

  // The CSV, downloaded: gh gei's header, then hubot's line with its mannequin id, read back unchanged.
  const answer = (await (await page.request.get('/api/identities?target=octo-target')).json()) as {
    mannequins: { id: string; login: string }[];
  };
  const mannequinId = answer.mannequins.find((m) => m.login === 'hubot')?.id;
  expect(mannequinId).toMatch(/^M_/);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\n')[0]).toBe('mannequin-user,mannequin-id,target-user');
  expect(readAsGhGei(csv)).toEqual([{ login: 'hubot', id: mannequinId, target: 'hubot-cloud' }]);

  await page.getByRole('button', { name: 'Send invitations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send attribution invitations?' });
  await dialog.getByRole('button', { name: 'Send 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'invitation sent' })).toContainText(
    '1 invitation sent, 0 refused',
  );
  await expect(hubot).toContainText('Invited: hubot-cloud');

  // The simulated member accepts ten minutes after the invitation: the mannequin is reclaimed.
  await sim.advance(600);
  await page.reload();
  await expect(rowOf('Mannequin', 'hubot')).toContainText('Accepted by hubot-cloud');
  // Reclaimed: its target user no longer edits.
  await rowOf('Mannequin', 'hubot').locator('[data-field="targetUser"]').dblclick();
  await expect(page.getByRole('textbox', { name: 'Target user for hubot' })).toHaveCount(0);
});
