import { expect, expectAccessible, test } from './fixtures';

test('the connection page tests both upstreams and never shows a secret', async ({ page }) => {
  await page.goto('/connection');
  await expect(page.getByRole('heading', { level: 1, name: 'Connection' })).toBeVisible();
  await page.getByRole('button', { name: 'Test GitHub connection' }).click();
  await expect(page.getByText(/Connected as octocat/)).toBeVisible();
  await expect(page.getByText(/Token scopes: admin:org, repo, user/)).toBeVisible();
  await page.getByRole('button', { name: 'Test registrar connection' }).click();
  await expect(page.getByText('The registrar accepted the API keys.', { exact: false })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/ghp_|pk1_|sk1_/);
  await expectAccessible(page);
});

test('an unknown address shows a way back', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expectAccessible(page);
});
