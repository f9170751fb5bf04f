import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Each page's HTML carries the page as it first draws (scripts/prerender-pages.ts): on a slow phone the bar,
 * the heading and the description show before any script has arrived, and the app replaces them when it
 * starts. Checked here with the scripts held back entirely, on a phone.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * Opens `path` with no script of the app arriving (held back, as on a very slow link): what shows is the HTML
 * alone. Waits for the document, not its `load` event: a held script the page added before `load` (on a busy
 * machine the loader's first frame can come first) holds `load` back for ever.
 */
async function openWithoutCode(page: Page, path: string) {
  await page.route(/\/assets\/.*\.js$/, () => undefined);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

const drawing = (page: Page) => page.locator('#prerendered');

test('before any script, a page shows its bar, heading and description, and nothing answers clicks yet', async ({
  page,
}) => {
  await openWithoutCode(page, '/rate-limits');
  await expect(drawing(page).locator('h1')).toHaveText('Rate limits');
  await expect(drawing(page).locator('h1')).toBeInViewport();
  await expect(drawing(page).getByText(/^Every category GitHub reports for this token\./)).toBeVisible();
  await expect(drawing(page).getByText('Ferry', { exact: true })).toBeInViewport();
  // Inert until the app takes over: its buttons would do nothing.
  expect(await drawing(page).evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  const screenshot = await page.screenshot();
  await test.info().attach('rate limits before any script', { body: screenshot, contentType: 'image/png' });
});

test('a page’s address parameters are drawn as text, never as markup', async ({ page }) => {
  await openWithoutCode(page, '/migrations/orgs/%3Cimg%20src%3Dx%3E/12');
  await expect(drawing(page).getByText('Migration #12')).toBeVisible();
  await expect(drawing(page).getByText(/^Export of <img src=x>:/)).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
});

test('before any script, the document carries the page’s own title, its address parameter as text', async ({
  page,
}) => {
  await openWithoutCode(page, '/rate-limits');
  await expect(page).toHaveTitle('Rate limits · Ferry');
  await openWithoutCode(page, '/migrations/orgs/octo-org/%3Cb%3E12');
  await expect(page).toHaveTitle('Export <b>12 · Ferry');
});

test('in a dark scheme the light drawing gives way to the plain loading line', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openWithoutCode(page, '/rate-limits');
  await expect(page.getByRole('status')).toHaveText('Loading Ferry…');
  await expect(drawing(page)).toHaveCount(0);
});

test('a dark scheme chosen in the app wins over a light system', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mui-mode', 'dark'));
  await openWithoutCode(page, '/connection');
  await expect(page.getByRole('status')).toHaveText('Loading Ferry…');
  await expect(drawing(page)).toHaveCount(0);
});

test('the app replaces the drawing with the live page, and the console stays clean', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/migrations/orgs/octo-org');
  await expect(drawing(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'octo-org migrations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start export' })).toBeEnabled();
  expect(problems).toEqual([]);
});

test('when the app’s entry cannot arrive, the drawing goes and the loading line says so', async ({
  page,
}) => {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/connection');
  await expect(drawing(page)).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(
    'Ferry could not load its code. Check the connection, then reload the page.',
  );
});
