import type { Page } from '@playwright/test';
import { PAGE_ROUTES } from '../../src/app/page-routes';
import { expect, test } from './fixtures';

/**
 * The app hydrates the page the build drew (src/app/start.tsx): React adopts the drawn elements instead of
 * building them again. A drawing that differs from the app's first render makes React drop it and report a
 * recoverable error (the app logs it as a warning); either fails here, on every drawn route.
 */

/** A value for each route parameter, so every pattern becomes an address. */
const SAMPLE_PARAMS: Record<string, string> = {
  org: 'octo-org',
  migrationId: '12',
  owner: 'octo-org',
  repo: 'hello-world',
  moveId: '1',
  waveId: '1',
};

function addressOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_token, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (value === undefined) throw new Error(`no sample value for :${name} in ${pattern}`);
    return value;
  });
}

/**
 * Keeps the drawn app bar as the HTML parser inserts it, before any script of the app runs, so the test can
 * tell whether the live page still shows that very element.
 */
function keepDrawnBar() {
  const seen = new MutationObserver(() => {
    const bar = document.querySelector('#prerendered header');
    if (!bar) return;
    (window as { drawnBar?: Element }).drawnBar = bar;
    seen.disconnect();
  });
  seen.observe(document, { childList: true, subtree: true });
}

/**
 * Errors and warnings the page logs. `answered404` lets through the browser's own line for a 404, which the
 * sample ids of a fresh world get (the page then says the migration or wave is not there): not a drawing's fault.
 */
function watchConsole(page: Page, { answered404 = false } = {}): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (answered404 && message.text().includes('status of 404')) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

function checkEveryRoute() {
  for (const route of PAGE_ROUTES) {
    const address = addressOf(route.path);

    test(`${route.module} (${address}) keeps its drawn elements, with no mismatch`, async ({ page }) => {
      const problems = watchConsole(page, { answered404: route.path.includes(':') });
      await page.addInitScript(keepDrawnBar);
      await page.goto(address);
      // The drawing's id goes when the app has taken it over, whether by hydrating or by replacing it.
      await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const kept = await page.evaluate(() => {
        const drawn = (window as { drawnBar?: Element }).drawnBar;
        return { drawn: drawn !== undefined, connected: drawn?.isConnected ?? false };
      });
      expect(kept).toEqual({ drawn: true, connected: true });
      await expect(page.getByRole('status').filter({ hasText: 'Loading Ferry…' })).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }
}

checkEveryRoute();

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  checkEveryRoute();
});

/**
 * What this browser keeps (the theme chosen, recent lookups) is not in the drawing: the app's first render
 * must still equal it, and show what was kept right after. An attribute React did not correct (the theme
 * button's label) would stay wrong for good.
 */
test.describe('with choices kept in this browser', () => {
  async function open(page: Page, address: string, kept: Record<string, string>) {
    const problems = watchConsole(page);
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, kept);
    await page.addInitScript(keepDrawnBar);
    await page.goto(address);
    await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as { drawnBar?: Element }).drawnBar?.isConnected)).toBe(true);
    return problems;
  }

  test('the light theme chosen: the theme button says so', async ({ page }) => {
    const problems = await open(page, '/rate-limits', { 'mui-mode': 'light' });
    await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('recent TLD lookups: listed on the domains page', async ({ page }) => {
    const problems = await open(page, '/domains', { 'ferry.domains.recent': JSON.stringify(['ca', 'de']) });
    await expect(page.getByRole('link', { name: '.ca', exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('recent organizations: listed on the migrations page', async ({ page }) => {
    const problems = await open(page, '/migrations', {
      'ferry.migrations.recent-orgs': JSON.stringify(['octo-org']),
    });
    await expect(page.getByText('octo-org').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('in a dark scheme there is no drawing to hydrate: the app draws itself, cleanly', async ({ page }) => {
  const problems = watchConsole(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/rate-limits');
  await expect(page.getByRole('heading', { level: 1, name: 'Rate limits' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Ferry…' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
