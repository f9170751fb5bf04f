import type { Locator, Page } from '@playwright/test';
import { expect, importAtMappingStep, test } from './fixtures';

/**
 * Every page on a phone (390×844, and 360 px wide): the page does not scroll sideways and its controls are in
 * view. A screenshot of each is attached to the report.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function startExport(page: Page) {
  const response = await page.request.post('/api/github/orgs/octo-org/migrations', {
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'e2e' },
    data: { repositories: ['hello-world'], lock_repositories: true },
  });
  expect(response.status()).toBe(201);
}

/**
 * Fully inside the viewport horizontally, without scrolling anything sideways: the page is scrolled
 * vertically to the control only (a control reachable only by scrolling a grid sideways is not "in view").
 */
async function expectInView(control: Locator) {
  // The page drawn at build time has the same controls; the app replaces them when its code has run, and a
  // control measured in between is gone by the time its box is read ("control has a box" was null).
  await expect(control.page().locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
  await control.waitFor();
  await control.evaluate((element) =>
    window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - 100, left: 0 }),
  );
  const box = await control.boundingBox();
  const width = control.page().viewportSize()?.width ?? 0;
  expect(box, 'control has a box').not.toBeNull();
  expect(box!.x, 'left edge in view').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge in view').toBeLessThanOrEqual(width + 0.5);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
}

async function check(page: Page, name: string, controls: Locator[]) {
  for (const control of controls) await expectInView(control);
  await expectNoSidewaysScroll(page);
  await test.info().attach(`${name} at 390×844`, {
    body: await page.screenshot({ fullPage: false }),
    contentType: 'image/png',
  });
  await page.setViewportSize({ width: 360, height: 800 });
  for (const control of controls) await expectInView(control);
  await expectNoSidewaysScroll(page);
}

test('rate limits: navigation, core budget and theme button in view', async ({ page }) => {
  await page.goto('/rate-limits');
  await expect(page.getByRole('region', { name: 'core' })).toBeVisible();
  await check(page, 'rate limits', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
    page.getByRole('region', { name: 'core' }),
  ]);
});

test('a migration: the Unlock buttons are in view', async ({ page }) => {
  await startExport(page);
  await page.goto('/migrations/orgs/octo-org/1');
  const repos = page.getByRole('table', { name: 'Repositories' });
  await expect(repos).toBeVisible();
  await check(page, 'migration', [
    repos.getByRole('button', { name: 'Unlock hello-world' }),
    page.getByRole('button', { name: /^Theme:/ }),
  ]);
});

test('migrations list and its Start export', async ({ page }) => {
  await page.goto('/migrations/orgs/octo-org');
  await check(page, 'migrations', [page.getByRole('button', { name: 'Start export' })]);
});

test('migrations list with an export in it: the app bar buttons stay in view', async ({ page }) => {
  await startExport(page);
  await page.goto('/migrations/orgs/octo-org');
  await expect(page.getByRole('link', { name: /^#\d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: /^Migrations \(scrolls sideways/ })).toBeVisible();
  await check(page, 'migrations with data', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
    page.getByRole('button', { name: 'Start export' }),
  ]);
});

test('waves: the plan form, then a wave whose batches are a list of blocks', async ({ page }) => {
  await page.goto('/waves');
  await check(page, 'waves', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
    page.getByRole('button', { name: 'Preview' }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  const created = await page.request.post('/api/waves', {
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'e2e' },
    data: {
      owner: { kind: 'org', login: 'octo-org' },
      filters: { namePattern: 'hello-*' },
      caps: { maxRepos: 10, maxSizeKb: 50 * 1024 * 1024, concurrency: 1 },
      options: {},
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/waves/${id}`);
  await expect(page.getByRole('list', { name: 'Batches' })).toBeVisible();
  await check(page, 'a wave', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
    page.getByRole('region', { name: 'Totals' }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/waves');
  await expect(page.getByRole('region', { name: /^Waves \(scrolls sideways/ })).toBeVisible();
  await check(page, 'waves with a wave', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
  ]);
});

test('the author editor: Name and Email columns, search and Save in view', async ({ page, sim }) => {
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-40');
  await page.goto('/imports/octo-org/hello-world');
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(grid).toBeVisible();
  await check(page, 'author editor', [
    grid.locator('[role="columnheader"][data-field="name"]'),
    grid.locator('[role="columnheader"][data-field="email"]'),
    page.getByRole('searchbox', { name: 'Search authors' }),
    page.getByRole('button', { name: /^Save / }),
  ]);
});

test('domains and compare', async ({ page }) => {
  await page.goto('/domains?tld=com');
  await expect(page.getByRole('heading', { name: 'Can be registered through the API' })).toBeVisible();
  await check(page, 'domain lookup', [page.getByRole('button', { name: 'Look up' })]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/domains/compare?tlds=com,us,ca');
  await expect(page.getByRole('table', { name: 'TLDs side by side' })).toBeVisible();
  await check(page, 'compare', [page.getByRole('button', { name: 'Compare' })]);
});

test('connection', async ({ page }) => {
  await page.goto('/connection');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'connection', [page.getByRole('button', { name: 'Test GitHub connection' })]);
});

test('the overview and the imports list, with data', async ({ page, sim }) => {
  await startExport(page);
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-40');
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Export \d+ of octo-org/ })).toBeVisible();
  await check(page, 'overview', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/imports');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'imports', [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: /^Theme:/ }),
  ]);
});
