import { expect, expectAccessible, test } from './fixtures';

// Scenario `imports-retired`: the source-import operations answer as github.com does since 2024-04-12 (410 Gone).
test('a server where the Source Imports API is retired: the page says so, offers no form, and the rest works', async ({
  page,
  sim,
}) => {
  await sim.reset('imports-retired');
  await page.goto('/imports/octo-org/hello-world');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import into octo-org/hello-world' }),
  ).toBeVisible();
  const gone = page.getByRole('alert').filter({ hasText: 'Gone: retired on this server' });
  await expect(gone).toBeVisible();
  await expect(gone).toContainText('The Source Imports REST API has been retired');
  await expect(page.getByRole('textbox', { name: 'Source URL' })).toHaveCount(0);
  await expectAccessible(page);

  // Migrations are not retired.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Migrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Migrations/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Gone' })).toHaveCount(0);
});
