import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The wave page on a 360×740 phone (issue 37 item 6): a batch's actions are in view without scrolling a table
 * sideways, and the header's buttons keep their labels on one line.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** In view horizontally with the page scrolled vertically only: no ancestor is scrolled sideways to reach it. */
async function expectInView(control: Locator) {
  await control.evaluate((element) =>
    window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - 100, left: 0 }),
  );
  const box = await control.boundingBox();
  expect(box, 'control has a box').not.toBeNull();
  expect(box!.x, 'left edge in view').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge in view').toBeLessThanOrEqual(360.5);
}

/** One line of a button's label: its height is that of a button with a one-word label. */
async function expectOneLine(button: Locator, reference: number) {
  const box = await button.boundingBox();
  expect(box, 'button has a box').not.toBeNull();
  expect(box!.height, `${await button.textContent()} on one line`).toBeLessThanOrEqual(reference + 1);
}

test('a wave on a phone: batch actions in view, header buttons on one line each', async ({ page, sim }) => {
  const created = await page.request.post('/api/waves', {
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'e2e' },
    data: {
      owner: { kind: 'org', login: 'octo-org' },
      filters: { namePattern: 'hello-*' },
      caps: { maxRepos: 10, maxSizeKb: 50 * 1024 * 1024, concurrency: 1 },
      options: { lockRepositories: true },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/waves/${id}`);
  await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
  const unlock = page.getByRole('button', { name: /^Unlock the repositories of batch/ }).first();
  await expect(async () => {
    await sim.advance(30);
    await expect(unlock).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectInView(unlock);

  const header = [
    page.getByRole('button', { name: 'Pause' }),
    page.getByRole('button', { name: 'Cancel wave' }),
    page.getByRole('link', { name: 'Manifest (JSON)' }),
    page.getByRole('link', { name: 'Manifest (CSV)' }),
  ];
  await page.evaluate(() => window.scrollTo(0, 0));
  const reference = (await page.getByRole('button', { name: 'Open navigation' }).boundingBox())!.height;
  for (const button of header.slice(1)) {
    await expectInView(button);
    await expectOneLine(button, Math.max(reference, 40));
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page scrolls sideways by').toBeLessThanOrEqual(0);
  await test.info().attach('a wave at 360×740', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});
