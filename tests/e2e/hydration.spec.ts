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

test('in a dark scheme there is no drawing to hydrate: the app draws itself, cleanly', async ({ page }) => {
  const problems = watchConsole(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/rate-limits');
  await expect(page.getByRole('heading', { level: 1, name: 'Rate limits' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Ferry…' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
