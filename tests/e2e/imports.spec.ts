import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

// Each test walks a whole import through the simulator (and axe runs on every page and dialog).
test.describe.configure({ timeout: 120_000 });

/** Open the import page of octo-org/hello-world through the chooser and start an import from `url`. */
async function startImport(page: Page, url: string, vcs: string) {
  await page.goto('/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Source imports' })).toBeVisible();
  await expect(page.getByText('Retired on github.com since 12 April 2024')).toBeVisible();
  await page.getByRole('combobox', { name: 'Repository (owner/repo)' }).fill('octo-org/hello-world');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/imports\/octo-org\/hello-world$/);
  await page.getByRole('textbox', { name: 'Source URL' }).fill(url);
  await page.getByRole('combobox', { name: 'Version control system' }).click();
  await page.getByRole('option', { name: vcs }).click();
  await page.getByRole('button', { name: 'Start import' }).click();
}

test('an import whose origin needs authentication: credentials, then progress to complete', async ({
  page,
  sim,
}) => {
  await page.goto('/imports');
  await expectAccessible(page);
  await page.goto('/imports/octo-org/hello-world');
  await expect(page.getByRole('textbox', { name: 'Source URL' })).toBeVisible();
  await expectAccessible(page);

  await startImport(page, 'https://svn.example.com/private/app', 'Subversion');
  await expect(page.getByText('Status: importing')).toBeVisible();
  await sim.advance(10);
  const remedy = page.getByRole('region', { name: 'Credentials needed' });
  await expect(remedy).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Status: auth_failed')).toBeVisible();
  await expectAccessible(page);
  await remedy.getByLabel('Source username').fill('octocat');
  await remedy.getByLabel('Source password').fill('secret');
  await remedy.getByRole('button', { name: 'Send credentials' }).click();
  await expect(page.getByText('Status: importing')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  // Nothing typed as a credential stays in the browser.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain('secret');

  await sim.advance(60);
  await expect(page.getByText('Status: mapping')).toBeVisible({ timeout: 15_000 });
  await sim.advance(25);
  await expect(page.getByText('Status: pushing')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Push progress' })).toBeVisible();
  await expect(page.getByText(/Read-only: the import is pushing/)).toBeVisible();
  await sim.advance(30);
  await expect(page.getByText('Status: complete')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
});

test('map two authors, see the server’s values after a reload, then make the LFS choice', async ({
  page,
  sim,
}) => {
  await startImport(page, 'http://svn.example.com/svn/large-files', 'Subversion');
  await expect(page.getByText('Status: importing')).toBeVisible();
  // Past the raw and rewrite steps: the import waits for the LFS choice, so mapping stays open.
  await sim.advance(85);
  await expect(page.getByText('Status: waiting_to_push')).toBeVisible({ timeout: 15_000 });
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(grid).toBeVisible();
  await expectAccessible(page);

  const rows = grid.locator('[role="row"][data-id]');
  const names = [
    await rows.nth(0).locator('[data-field="remoteName"]').innerText(),
    await rows.nth(1).locator('[data-field="remoteName"]').innerText(),
  ];
  for (const [index, remoteName] of names.entries()) {
    const row = grid.locator('[role="row"][data-id]').filter({
      has: page.locator('[data-field="remoteName"]', { hasText: new RegExp(`^${remoteName}$`) }),
    });
    await row.locator('[data-field="name"]').dblclick();
    await page.getByRole('textbox', { name: `Name for ${remoteName}` }).fill(`Person ${index + 1}`);
    await page.keyboard.press('Enter');
    await row.locator('[data-field="email"]').dblclick();
    const email = page.getByRole('textbox', { name: `Email for ${remoteName}` });
    await email.fill('not-an-email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('tooltip')).toContainText('exactly one @');
    await email.fill(`person${index + 1}@example.com`);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText(/2 unsaved changes/)).toBeVisible();
  await page.getByRole('button', { name: 'Save 2 changes' }).click();
  await expect(page.getByText('Saved: 2 of 2')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/0 unsaved changes/)).toBeVisible();

  await page.reload();
  await expect(grid).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/0 unsaved changes/)).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Person 1', exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'person2@example.com', exact: true })).toBeVisible();

  // The import-a-mapping dialog, checked for accessibility.
  await page.getByRole('button', { name: 'Import mapping…' }).click();
  const mapping = page.getByRole('dialog', { name: 'Import an author mapping' });
  await mapping
    .getByRole('textbox', { name: 'Or paste the mapping' })
    .fill(`${names[0]} = Ada <ada@example.com>\nghost = G <g@x.io>`);
  await expect(mapping.getByRole('region', { name: 'Matched', exact: true })).toContainText('Matched: 1');
  await expectAccessible(page);
  await mapping.getByRole('button', { name: 'Cancel' }).click();

  // Large files and the LFS choice.
  await expect(page.getByRole('table', { name: 'Files over 100 MB' })).toContainText('Total: 3 files');
  await page.getByRole('button', { name: 'Choose' }).click();
  const lfs = page.getByRole('dialog', { name: /Git LFS or remove them/ });
  await expect(lfs).toBeVisible();
  await expectAccessible(page);
  await lfs.getByRole('radio', { name: /Opt in: the large files are kept/ }).check();
  await lfs.getByRole('button', { name: 'Use Git LFS' }).click();
  await expect(page.getByText('Opted in: large files are stored with Git LFS.')).toBeVisible();
  await expect(page.getByText('Status: pushing')).toBeVisible();
});

test('cancel an import, with confirmation', async ({ page }) => {
  await startImport(page, 'https://git.example.com/team/app.git', 'Git');
  await expect(page.getByText('Status: importing')).toBeVisible();
  await page.getByRole('button', { name: 'Restart import' }).click();
  await expect(page.getByRole('dialog', { name: 'Restart this import?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Keep it' }).click();

  await page.getByRole('button', { name: 'Cancel import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this import?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel import' }).click();
  await expect(
    page.getByRole('heading', { name: /Start an import into octo-org\/hello-world/ }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Source URL' })).toHaveValue(
    'https://git.example.com/team/app.git',
  );
});
