import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The move's pages on a phone (issue 48): a 9-repository preview stays compact (each repository a block, what
 * passed folded), and every page of a move — /moves, its preview, /moves/{id} — is axe-clean at 360 px in the
 * dark scheme, heading order included (axe calls a skipped level "moderate": asked for here).
 */
test.use({ viewport: { width: 360, height: 800 } });

/** Nine of octo-org's repositories (the preview measured 6,823 px tall at this width). */
const NINE = 'hello-world, octo-*, billing-service, data-pipeline, mobile-*, infra-terraform, design-system';

async function previewNine(page: Page) {
  await page.goto('/moves');
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill(NINE);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText(
    /: 9 of \d+ repositories selected, 9 ready\./,
  );
}

test('a 9-repository preview is compact on a phone: each repository a block, the passed checks folded', async ({
  page,
}) => {
  await previewNine(page);
  const list = page.getByRole('list', { name: 'Repositories of the move' });
  await expect(list.getByRole('listitem')).toHaveCount(9);
  const block = list.getByRole('listitem', { name: 'mobile-ios' });
  await expect(block).toContainText('Ready');
  await expect(block.getByRole('textbox', { name: 'Target name of mobile-ios' })).toBeVisible();
  // The checks that passed: one line, opened by a tap.
  await expect(block.getByText(/^Name free on the target: ok$/)).toBeHidden();
  await block.getByText(/^Pre-flight: \d+ checks? ok$/).click();
  await expect(block.getByText(/^Name free on the target: ok$/)).toBeVisible();
  await block.getByText(/^Pre-flight: \d+ checks? ok$/).click();
  const height = (await page.getByRole('region', { name: 'Preview' }).boundingBox())?.height ?? 0;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({
    type: 'height',
    description: `preview ${Math.round(height)} px, page ${pageHeight} px`,
  });
  // A table of 9 rows was 5,385 px (the page 7,540 px) here before the preview was made compact.
  expect(height, 'the preview’s height in px').toBeLessThan(3_000);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
});

test('every page of a move at 360 px in the dark scheme passes axe, heading order included', async ({
  page,
  sim,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/moves');
  await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectAccessible(page, ['heading-order']);

  await previewNine(page);
  await expectAccessible(page, ['heading-order']);

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
  await expect(page.getByRole('heading', { level: 1, name: 'octo-org → octo-target' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Repositories' });
  await expect(list.getByRole('listitem', { name: 'mobile-ios' })).toBeVisible();
  await expectAccessible(page, ['heading-order']);
  // Further on (its exports done, the imports under way): the same page, more on each block.
  const ios = list.getByRole('listitem', { name: 'mobile-ios' });
  await expect
    .poll(
      async () => {
        const text = (await ios.textContent()) ?? '';
        if (!/Waiting to export|Export/.test(text)) return text;
        await sim.advance(120);
        return '';
      },
      { timeout: 60_000, intervals: [500] },
    )
    .not.toBe('');
  await expectAccessible(page, ['heading-order']);
});
