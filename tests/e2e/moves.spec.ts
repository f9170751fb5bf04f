import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The moves page (issue 36, planning): opened from the navigation, a move of octo-org into the simulator's
 * octo-target planned and previewed — pre-flight per repository, token checks, cost as ranges — in both
 * schemes and at phone width. Running one: move-run.spec.ts.
 */
async function previewFromNavigation(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moves' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
  await expect(page).toHaveTitle('Moves · Ferry');
  await expect(page.getByRole('region', { name: 'What a move needs' })).toContainText('Simulated');
  await expect(page.getByRole('textbox', { name: 'Source organization' })).toHaveValue('octo-org');
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText(
    /octo-org → octo-target \(The Octo Target\): \d+ of \d+ repositories selected, \d+ ready\./,
  );
}

for (const scheme of ['light', 'dark'] as const) {
  test(`plans octo-org → octo-target from the navigation: pre-flight and cost (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await previewFromNavigation(page);
    // MUI's class selector names the scheme drawn on the root element.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    const repositories = page.getByRole('table', { name: 'Repositories of the move' });
    await expect(repositories.getByRole('row', { name: 'hello-world' })).toContainText(
      'Name free on the target: ok',
    );
    await expect(repositories.getByRole('row', { name: 'hello-world' })).toContainText('Ready');
    await expect(page.getByRole('list', { name: 'Token checks' })).toContainText('Target — default');
    await expect(page.getByRole('list', { name: 'Cost' })).toContainText(/\d–\d[\d,]* GraphQL points/);
    await expect(page.getByRole('list', { name: 'Not migrated' })).toContainText('Git LFS objects');
    await expect(page.getByRole('button', { name: 'Start move' })).toBeEnabled();
    await expectAccessible(page);
  });
}

test('an invalid organization is refused on its field, Enter previews; at 360 px the page does not scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/moves');
  const target = page.getByRole('textbox', { name: 'Target organization' });
  await expect(target).toHaveValue('octo-target');
  await target.fill('octo target');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(target).toHaveAccessibleDescription(/Not an organization name GitHub accepts/);
  // By keyboard: the field fixed, Enter sends the form.
  await target.fill('octo-target');
  await target.press('Enter');
  await expect(page.getByRole('status', { name: 'Preview summary' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
