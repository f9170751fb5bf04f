import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

/**
 * Author-mapping drafts live in the gateway's store: a mapping typed in one browser (its own context, its own
 * localStorage) is there in another, and the later save of the same author wins with a notice to the other.
 */
test('a draft made in one browser context appears in another', async ({ browser, page, sim, request }) => {
  const started = await request.put('/api/github/repos/octo-org/hello-world/import', {
    // Not a browser: the write states its intent as the SPA's client does (no Origin here).
    headers: { 'x-ferry-client': 'e2e' },
    data: { vcs_url: 'http://svn.example.com/svn/authors-12', vcs: 'subversion' },
  });
  expect(started.status()).toBe(201);
  await sim.advance(61);

  await page.goto('/imports/octo-org/hello-world');
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(grid).toBeVisible({ timeout: 15_000 });
  const firstRow = grid.locator('[role="row"][data-id]').first();
  const remoteName = await firstRow.locator('[data-field="remoteName"]').innerText();
  await firstRow.locator('[data-field="email"]').dblclick();
  await page.getByRole('textbox', { name: `Email for ${remoteName}` }).fill('shared@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Drafts are kept on Ferry’s server/)).toBeVisible({ timeout: 15_000 });

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto('/imports/octo-org/hello-world');
    const secondGrid = second.getByRole('grid', { name: 'Commit authors' });
    await expect(secondGrid).toBeVisible({ timeout: 15_000 });
    await expect(secondGrid.getByRole('gridcell', { name: 'shared@example.com', exact: true })).toBeVisible();
    await expect(second.getByText(/1 unsaved change$/)).toBeVisible();

    // The second browser changes the same author later: it wins, and the first browser is told.
    const row = secondGrid.locator('[role="row"][data-id]').first();
    await row.locator('[data-field="email"]').dblclick();
    await second.getByRole('textbox', { name: `Email for ${remoteName}` }).fill('later@example.com');
    await second.keyboard.press('Enter');
    await expect(second.getByText(/Drafts are kept on Ferry’s server/)).toBeVisible({ timeout: 15_000 });
  } finally {
    await other.close();
  }
  await expect(page.getByText(/was changed in another browser: now .*later@example\.com/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(grid.getByRole('gridcell', { name: 'later@example.com', exact: true })).toBeVisible();
});
