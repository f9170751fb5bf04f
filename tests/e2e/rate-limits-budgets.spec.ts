import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SIM_APP, SIM_APP_PRIVATE_KEY } from '../../src/simulator/github/apps';
import { SIM_SECOND_TOKEN } from '../../src/simulator/github/seed';
import { expect, expectAccessible, test } from './fixtures';
import { startWaveServers, type WaveServers } from './wave-servers';

/**
 * The rate-limits page with four credentials (three budgets: octocat's two tokens share one), on a wide
 * screen and on a phone (issue 37, item 2).
 */
let servers: WaveServers;

test.setTimeout(120_000);

test.beforeAll(async () => {
  // A simulator and a gateway of their own start under the machine's other load.
  test.setTimeout(120_000);
  servers = await startWaveServers({
    simSpeed: 1,
    gatewayEnv: {
      GITHUB_TOKEN_HUBOT: 'sim-token-hubot-FAKE',
      GITHUB_TOKEN_SECOND: SIM_SECOND_TOKEN,
      GITHUB_APP_SIMULATED_ID: String(SIM_APP.id),
      GITHUB_APP_SIMULATED_INSTALLATION_ID: String(SIM_APP.installationId),
      GITHUB_APP_SIMULATED_PRIVATE_KEY: SIM_APP_PRIVATE_KEY,
    },
  });
  await servers.startGateway();
});

test.afterAll(() => servers.stop());

const OCTOCAT = 'octocat: default, second';
const COLUMNS = [OCTOCAT, 'hubot', 'simulated'];

async function openPage(page: Page) {
  await page.goto(`${servers.gatewayUrl}/rate-limits`);
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
}

test('wide: rows line up across budgets, each region’s name is unique, the `rate` notice shows once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page);
  for (const column of COLUMNS) {
    await expect(page.getByRole('region', { name: `core (${column})`, exact: true })).toBeVisible();
  }
  const octocat = page.getByRole('region', { name: OCTOCAT, exact: true });
  const names = await octocat.getByRole('heading', { level: 3 }).allInnerTexts();
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    const tops = await Promise.all(
      COLUMNS.map(
        async (column) =>
          (await page.getByRole('region', { name: `${name} (${column})`, exact: true }).boundingBox())?.y,
      ),
    );
    expect(
      [...new Set(tops.map((top) => Math.round(top ?? -1)))],
      `${name}'s row: ${tops.join(', ')}`,
    ).toHaveLength(1);
  }
  await expect(page.getByText(/deprecated top-level/)).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
    const unique = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
    expect(
      unique.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
    ).toEqual([]);
  }
});

test('phone: one budget at a time with a switch, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPage(page);
  await expect(page.getByRole('region', { name: `core (${OCTOCAT})`, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'hubot', exact: true })).toHaveCount(0);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'page height at 360 px').toBeLessThan(8_000);

  const budget = page.getByRole('combobox', { name: 'Budget shown' });
  await budget.click();
  await page.getByRole('option', { name: 'hubot', exact: true }).click();
  await expect(page.getByRole('region', { name: 'core (hubot)', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: OCTOCAT, exact: true })).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
  }
});
