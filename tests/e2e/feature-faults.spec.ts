import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Unsaved work survives faults end to end: author mappings typed in the editor outlive a failing save and
 * a page reload (they are kept in the browser), the start-export dialog keeps its input through a failed
 * start, nothing is re-sent by itself, and saving after the fault is gone puts the values on the server.
 */
test.describe.configure({ timeout: 120_000 });

const AUTHORS_PATCH = 'repos/*/*/import/authors/*';

async function importInMapping(page: Page, advance: (seconds: number) => Promise<void>) {
  await page.goto('/imports/octo-org/hello-world');
  await page.getByRole('textbox', { name: 'Source URL' }).fill('http://svn.example.com/svn/authors-3');
  await page.getByRole('combobox', { name: 'Version control system' }).click();
  await page.getByRole('option', { name: 'Subversion' }).click();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText('Status: importing')).toBeVisible();
  await advance(61);
  await expect(page.getByText('Status: mapping')).toBeVisible({ timeout: 15_000 });
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(grid).toBeVisible();
  return grid;
}

test('author mappings survive a failing save and a reload, then save once the fault is gone', async ({
  page,
  sim,
  request,
}) => {
  const grid = await importInMapping(page, (seconds) => sim.advance(seconds));
  const rows = grid.locator('[role="row"][data-id]');
  const remoteNames = [
    await rows.nth(0).locator('[data-field="remoteName"]').innerText(),
    await rows.nth(1).locator('[data-field="remoteName"]').innerText(),
  ];
  const rowOf = (remoteName: string) =>
    grid.locator('[role="row"][data-id]').filter({
      has: page.locator('[data-field="remoteName"]', { hasText: new RegExp(`^${remoteName}$`) }),
    });
  for (const [index, remoteName] of remoteNames.entries()) {
    await rowOf(remoteName).locator('[data-field="name"]').dblclick();
    await page.getByRole('textbox', { name: `Name for ${remoteName}` }).fill(`Typed Person ${index + 1}`);
    await page.keyboard.press('Enter');
    await rowOf(remoteName).locator('[data-field="email"]').dblclick();
    await page
      .getByRole('textbox', { name: `Email for ${remoteName}` })
      .fill(`typed${index + 1}@example.com`);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText(/2 unsaved changes/)).toBeVisible();

  // The server fails every author write.
  const [faultId = ''] = await sim.fault({
    kind: 'status',
    status: 503,
    method: 'PATCH',
    path: AUTHORS_PATCH,
  });
  await page.getByRole('button', { name: 'Save 2 changes' }).click();
  await expect(page.getByText('2 changes were not saved')).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(remoteNames[0] ?? '').getByText('Save failed')).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'typed1@example.com', exact: true })).toBeVisible();
  expect((await sim.faultHits())[faultId]).toBe(2); // one write per row, no automatic retry

  // A reload: the edits are still there, unsaved, and nothing was sent by itself.
  await page.reload();
  await expect(grid).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/2 unsaved changes/)).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Typed Person 1', exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'typed2@example.com', exact: true })).toBeVisible();
  expect((await sim.faultHits())[faultId]).toBe(2);

  // The fault is gone: saving works and the server has the values.
  await sim.clearFaults();
  await page.getByRole('button', { name: 'Save 2 changes' }).click();
  await expect(page.getByText(/0 unsaved changes/)).toBeVisible({ timeout: 15_000 });
  const response = await request.get('/api/github/repos/octo-org/hello-world/import/authors');
  expect(response.status()).toBe(200);
  const authors = (await response.json()) as { remote_name: string; name: string; email: string }[];
  for (const [index, remoteName] of remoteNames.entries()) {
    const author = authors.find((candidate) => candidate.remote_name === remoteName);
    expect(author?.name).toBe(`Typed Person ${index + 1}`);
    expect(author?.email).toBe(`typed${index + 1}@example.com`);
  }
  await page.reload();
  await expect(grid).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/0 unsaved changes/)).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Typed Person 2', exact: true })).toBeVisible();
});

test('the start-export dialog keeps its input through a 502, sends one POST, and starts on the second try', async ({
  page,
  sim,
}) => {
  await page.goto('/migrations/orgs/octo-org');
  await page.getByRole('button', { name: 'Start export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an export of octo-org' });
  await dialog.getByRole('combobox', { name: 'Repositories' }).fill('hello-world');
  await page.keyboard.press('Enter');
  await dialog.getByRole('checkbox', { name: 'Exclude attachments' }).check();
  await expect(dialog.getByText('1 repository: hello-world.')).toBeVisible();

  const [faultId = ''] = await sim.fault({
    kind: 'status',
    status: 502,
    method: 'POST',
    path: 'orgs/*/migrations',
  });
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.getByText(/The export did not start/)).toBeVisible();
  await expect(dialog.getByText('1 repository: hello-world.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Exclude attachments' })).toBeChecked();
  expect((await sim.faultHits())[faultId]).toBe(1);

  await sim.clearFaults();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Migration #1' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/migrations\/orgs\/octo-org\/1$/);
});
