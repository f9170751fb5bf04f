import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, expectAccessible, test } from './fixtures';

/**
 * Readiness before a move (issue 49) in a real browser: the preview of octo-org → octo-target reads the
 * inventory and says per repository ready, needs work or blocked — filtered, exported as CSV and JSON, read again
 * on demand — by mouse and keyboard, axe-clean, and at phone width inside its own sideways scroller.
 * The facts themselves: src/features/moves/components/move-readiness.test.tsx.
 */

/** The "New move" form's defaults (octo-org → octo-target, every repository) previewed; the readiness section. */
async function previewDefaults(page: Page, { folded = false } = {}) {
  await page.goto('/moves');
  await expect(page.getByRole('textbox', { name: 'Source organization' })).toHaveValue('octo-org');
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  await page.getByRole('button', { name: 'Preview' }).click();
  // On a phone the section is folded: its summary says the counts, and opens it.
  if (folded)
    await page.getByText('4 ready, 8 need work, 2 blocked', { exact: true }).click({ timeout: 20_000 });
  const readiness = page.getByRole('region', { name: 'Readiness', exact: true });
  await expect(readiness).toBeVisible({ timeout: 20_000 });
  return readiness;
}

const inventoryLine = (readiness: Locator) => readiness.getByRole('status', { name: 'Inventory' });
const readinessTable = (readiness: Locator) =>
  readiness.getByRole('table', { name: 'Readiness per repository', exact: true });

/** The names of the table's rows, in order (each row is named by its repository). */
async function rowNames(readiness: Locator) {
  const rows = readinessTable(readiness).getByRole('row');
  // The header row has no name of its own.
  return (await rows.evaluateAll((found) => found.map((row) => row.getAttribute('aria-label')))).filter(
    (name): name is string => name !== null,
  );
}

/** A download's suggested name and its text. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

test('desktop: blocked repositories filtered, exported as CSV and JSON, the filter by keyboard; axe-clean', async ({
  page,
}) => {
  const readiness = await previewDefaults(page);
  await expect(inventoryLine(readiness)).toHaveText(
    /^Inventory read just now \(its oldest part\)\. Read now: \d+ REST requests? and 2 GraphQL queries to the source, as GitHub counts them\./,
  );
  // The two blocked repositories count as not ready in the summary above (ready and needs work do).
  await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText(
    'octo-org → octo-target (The Octo Target): 14 of 14 repositories selected, 12 ready. Not ready — Ref names within 255 bytes failed for 1; No file over the import’s 400 MiB failed for 1.',
  );
  const group = readiness.getByRole('group', { name: 'Show repositories' });
  await expect(group.getByRole('button')).toHaveText([
    'All (14)',
    'Ready (4)',
    'Needs work (8)',
    'Blocked (2)',
  ]);

  const blocked = group.getByRole('button', { name: 'Blocked (2)', exact: true });
  await blocked.click();
  await expect(blocked).toHaveAttribute('aria-pressed', 'true');
  const table = readinessTable(readiness);
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(await rowNames(readiness)).toEqual(['legacy-monolith', 'ml-experiments']);
  const ml = table.getByRole('row', { name: 'ml-experiments', exact: true });
  await expect(ml).toContainText('Blocked');
  await expect(ml).toContainText('models/checkpoint-final.bin (512 MiB)');
  await expect(table.getByRole('row', { name: 'legacy-monolith', exact: true })).toContainText('Blocked');

  // The CSV: the rows the filter shows, a column per kind left behind.
  const csv = await downloaded(page, readiness.getByRole('button', { name: 'Download CSV' }));
  expect(csv.name).toBe('readiness-octo-org.csv');
  const parsed = Papa.parse<string[]>(csv.text.trimEnd(), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...records] = parsed.data;
  expect(header!.join(',')).toMatch(/^repository,target_name,readiness,lfs,webhooks,/);
  expect(records.map((record) => record[0])).toEqual(['legacy-monolith', 'ml-experiments']);
  expect(records.map((record) => record[header!.indexOf('readiness')])).toEqual(['Blocked', 'Blocked']);

  const json = await downloaded(page, readiness.getByRole('button', { name: 'Download JSON' }));
  expect(json.name).toBe('readiness-octo-org.json');
  const rows = JSON.parse(json.text) as { name: string; readiness: string }[];
  expect(rows.map((row) => row.name)).toEqual(['legacy-monolith', 'ml-experiments']);
  expect(rows.map((row) => row.readiness)).toEqual(['blocked', 'blocked']);

  // By keyboard: the filters are one Tab stop (MUI's roving tab index: the one chosen last), the arrow keys and
  // Home move between them, Space and Enter choose one, and Tab leaves the group.
  await readiness.getByRole('button', { name: 'Read the inventory again' }).focus();
  await page.keyboard.press('Tab');
  await expect(blocked).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const needsWork = group.getByRole('button', { name: 'Needs work (8)', exact: true });
  await expect(needsWork).toBeFocused();
  await page.keyboard.press('Space');
  await expect(needsWork).toHaveAttribute('aria-pressed', 'true');
  await expect(blocked).toHaveAttribute('aria-pressed', 'false');
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(table.getByRole('row', { name: 'hello-world', exact: true })).toContainText(
    'Webhooks (1): https://ci.octo-org.example/hooks/github',
  );
  await expect(table.getByRole('row', { name: 'ml-experiments', exact: true })).toHaveCount(0);
  await page.keyboard.press('Home');
  const all = group.getByRole('button', { name: 'All (14)', exact: true });
  await expect(all).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row')).toHaveCount(15);
  await expect(table.getByRole('row', { name: 'cli-tools', exact: true })).toContainText('Ready');
  await page.keyboard.press('Tab');
  await expect(readiness.getByRole('combobox', { name: 'Sort by' })).toBeFocused();

  // The kinds explained, opened; the page with the whole section open is axe-clean.
  await readiness.getByText('What each kind means, and where it was read').click();
  await expect(readiness.getByText(/^Webhooks \(left behind\)$/)).toBeVisible();
  await expectAccessible(page);
});

test('a second preview keeps the inventory read; "Read the inventory again" revalidates it', async ({
  page,
}) => {
  const readiness = await previewDefaults(page);
  await expect(inventoryLine(readiness)).toContainText(/Read now: \d+ REST requests? and 2 GraphQL queries/);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(inventoryLine(readiness)).toContainText(
    'Kept from an earlier read: no request to the source this time.',
  );
  await readiness.getByRole('button', { name: 'Read the inventory again' }).click();
  // Each list revalidated with its ETag: a 304 is free, as GitHub counts it.
  await expect(inventoryLine(readiness)).toContainText('Read now: 0 REST requests and 2 GraphQL queries');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the readiness table scrolls sideways inside its scroller, never the page; axe-clean in the dark scheme', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const readiness = await previewDefaults(page, { folded: true });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const scroller = readiness.getByRole('region', {
      name: 'Readiness per repository (scrolls sideways on narrow screens)',
    });
    // Wider than the phone: the table scrolls inside its scroller, which keyboard users scroll with the arrows.
    const widths = () =>
      scroller.evaluate((box) => ({
        scroll: box.scrollWidth,
        client: box.clientWidth,
        left: box.scrollLeft,
      }));
    // Each text column stays readable: wrapped anywhere it once shrank to 75 px, hello-world's row 1,234 px tall.
    const table = readinessTable(readiness);
    for (const column of ['What stays behind', 'What blocks it']) {
      const width = (await table.getByRole('columnheader', { name: column }).boundingBox())?.width ?? 0;
      expect(width, `the width of “${column}” in px`).toBeGreaterThanOrEqual(160);
    }
    const before = await widths();
    expect(before.scroll, 'the table is wider than its scroller').toBeGreaterThan(before.client);
    expect(before.left).toBe(0);
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await widths()).left).toBeGreaterThan(0);
    const ml = table.getByRole('row', { name: 'ml-experiments', exact: true });
    await ml.scrollIntoViewIfNeeded();
    await expect(ml).toBeInViewport();
    await expect(ml).toContainText('models/checkpoint-final.bin (512 MiB)');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
    await expectAccessible(page, ['heading-order']);
  });
});
