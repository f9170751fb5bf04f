import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { SIM_INTENT_HEADER } from '../../src/contracts/sim-control';
import { expect, expectAccessible, test } from './fixtures';

/**
 * A move runs (issue 36): octo-org's `mobile-*` planned into the simulator's octo-target in the browser,
 * previewed, started and watched to the end. `mobile-android` is the lossy scenario's repository (its import
 * SUCCEEDS short by a tag and a pull request): it fails validation, its differences are shown field by field,
 * and its source stays locked; `mobile-ios` is done, validated and unlocked. The simulated clock is moved on
 * while the page watches (exports and imports run on it).
 */
test.setTimeout(180_000);

async function watchToCompletion(page: Page, advance: (seconds: number) => Promise<void>) {
  const state = page.getByText('Completed', { exact: true });
  // Each poll moves the clock on by two simulated minutes while the gateway's jobs run between polls.
  await expect
    .poll(
      async () => {
        if (await state.isVisible()) return true;
        await advance(120);
        return false;
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
}

/** Tab until `target` has the focus (at most `presses` times). */
async function tabTo(page: Page, target: Locator, presses = 40) {
  for (let press = 0; press < presses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
}

// One move, checked in both schemes once it ended (a second whole move only to change colours cost 1.5 min).
test('plans, starts and watches a move to the end; the lossy repository fails validation and stays locked', async ({
  page,
  sim,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const quirks = await page.request.post('/__sim/faults/target/quirks', {
    data: { lossyRepositories: ['mobile-android'] },
    headers: { [SIM_INTENT_HEADER]: 'faults' },
  });
  expect(quirks.ok(), await quirks.text()).toBe(true);

  await page.goto('/moves');
  await expect(page.getByRole('region', { name: 'Moves so far' })).toContainText('No move yet');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill('mobile-*');
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  const start = page.getByRole('button', { name: 'Start move' });
  await expect(start).toBeDisabled();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText(
    /octo-org → octo-target \(The Octo Target\): 2 of \d+ repositories selected, 2 ready\./,
  );
  await expect(start).toBeEnabled();
  await expectAccessible(page);
  await start.click();

  await expect(page.getByRole('heading', { level: 1, name: 'octo-org → octo-target' })).toBeVisible();
  await expect(page).toHaveURL(/\/moves\/[A-Za-z0-9-]+$/);
  await watchToCompletion(page, sim.advance);

  const table = page.getByRole('table', { name: 'Repositories' });
  const ios = table.getByRole('row', { name: 'mobile-ios' });
  await expect(ios).toContainText('Done');
  await expect(ios).toContainText('Passed');
  await expect(ios).toContainText('Unlocked');
  const android = table.getByRole('row', { name: 'mobile-android' });
  await expect(android).toContainText('Failed');
  await expect(android).toContainText('Locked');
  const differences = android.getByRole('table', { name: 'Differences of mobile-android' });
  await expect(differences.getByRole('row', { name: 'Tags' })).toBeVisible();
  await expect(differences.getByRole('row', { name: 'Open pull requests' })).toBeVisible();
  await expect(android.getByRole('button', { name: 'Retry mobile-android' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
    '1 done, 1 failed of 2 repositories',
  );
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);

  const csv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Manifest (CSV)' }).click();
  const lines = readFileSync(await (await csv).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('mobile-android'))).toMatch(/failed.*locked/);

  // The list on /moves knows it, and links back.
  await page.goto('/moves');
  const moves = page.getByRole('table', { name: 'Moves' });
  await expect(moves).toContainText('octo-org → octo-target');
  await expect(moves).toContainText('1 / 1 of 2');
});

test('the watch page at 360 px: no sideways scroll, each repository a block, actions reachable by keyboard', async ({
  page,
  sim,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const quirks = await page.request.post('/__sim/faults/target/quirks', {
    data: { lossyRepositories: ['mobile-android'] },
    headers: { [SIM_INTENT_HEADER]: 'faults' },
  });
  expect(quirks.ok()).toBe(true);
  const started = await page.request.post('/api/moves', {
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'e2e' },
    data: {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: 'octo-target' },
      filters: { namePattern: 'mobile-*' },
      caps: {},
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await page.goto(`/moves/${id}`);
  await watchToCompletion(page, sim.advance);
  const list = page.getByRole('list', { name: 'Repositories' });
  await expect(list.getByRole('listitem', { name: 'mobile-android' })).toContainText('Failed');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
  // Tab reaches the failed repository's retry.
  const retry = page.getByRole('button', { name: 'Retry mobile-android' });
  await tabTo(page, retry);
  await expect(retry).toBeFocused();
  await expectAccessible(page);
});
