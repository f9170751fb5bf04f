import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import type * as TarStream from 'tar-stream';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

// tar-stream is CommonJS; load it with require (as the simulator does).
const tar = createRequire(import.meta.url)('tar-stream') as typeof TarStream;

/** The entry names of a gzip-compressed tar (throws if the file is not one). */
async function tarEntries(bytes: Buffer): Promise<string[]> {
  const names: string[] = [];
  const reader = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      names.push(header.name);
      stream.on('end', next);
      stream.resume();
    });
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  reader.end(gunzipSync(bytes));
  await done;
  return names;
}

// Each flow runs several axe scans and waits for the export to finish: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function downloadArchive(page: Page, name: string): Promise<{ download: Download; entries: string[] }> {
  const link = page.getByRole('link', { name: `Download ${name}` });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  const entries = await tarEntries(readFileSync(path));
  return { download, entries };
}

test('an organization export: start it, watch it finish, download, delete the archive, unlock', async ({
  page,
  sim,
}) => {
  await page.goto('/migrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Migrations' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Your organizations' }).getByRole('link', { name: 'octo-org' }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Organization' }).fill('octo-org');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'octo-org migrations' })).toBeVisible();
  await expect(page.getByText('No migrations yet. Start an export to create one.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an export of octo-org' });
  await dialog.getByRole('combobox', { name: 'Repositories' }).fill('hello');
  await page.getByRole('option', { name: 'hello-world' }).click();
  await dialog.getByRole('checkbox', { name: 'Lock repositories during the export' }).check();
  await expect(dialog.getByText(/Locked repositories refuse all writes/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Start export' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Migration #1' })).toBeVisible();
  await expect(page).toHaveURL(/\/migrations\/orgs\/octo-org\/1$/);
  await expect(page.getByText('Waiting for GitHub to start the export.')).toBeVisible();
  await expectAccessible(page);

  await sim.advance(120);
  await expect(page.getByText('Export finished.')).toBeVisible({ timeout: 20_000 });
  const { download, entries } = await downloadArchive(page, 'octo-org-migration-1.tar.gz');
  expect(download.suggestedFilename()).toBe('octo-org-migration-1.tar.gz');
  expect(entries).toContain('schema.json');
  expect(entries).toContain('repositories_000001.json');
  expect(entries).toContain('repositories/octo-org/hello-world.git/HEAD');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Delete archive' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the archive?' })
    .getByRole('button', { name: 'Delete archive' })
    .click();
  await expect(page.getByText(/The archive was deleted/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0);

  const repos = page.getByRole('table', { name: 'Repositories' });
  await repos.getByRole('button', { name: 'Unlock hello-world' }).click();
  await page
    .getByRole('dialog', { name: 'Unlock hello-world?' })
    .getByRole('button', { name: 'Unlock' })
    .click();
  await expect(page.getByText('Unlocked hello-world.')).toBeVisible();
  await expect(repos.getByText('Not locked')).toBeVisible();
});

test('your migrations: the same flow for the authenticated user’s repositories', async ({ page, sim }) => {
  await page.goto('/migrations/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Your migrations' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an export of your repositories' });
  await dialog.getByRole('combobox', { name: 'Repositories' }).fill('dotfiles');
  await dialog.getByRole('combobox', { name: 'Repositories' }).press('Enter');
  await dialog.getByRole('checkbox', { name: 'Exclude attachments' }).check();
  await dialog.getByRole('button', { name: 'Start export' }).click();

  await expect(page).toHaveURL(/\/migrations\/user\/1$/);
  await sim.advance(120);
  const { entries } = await downloadArchive(page, 'migration-1.tar.gz');
  expect(entries).toContain('schema.json');
  expect(entries.some((name) => name.startsWith('attachments/'))).toBe(false);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'All migrations' }).click();
  await expect(page.getByRole('table', { name: 'Migrations' }).getByText('exported')).toBeVisible();
  await expect(page.getByText('No export running: not refreshing.')).toBeVisible();
});
