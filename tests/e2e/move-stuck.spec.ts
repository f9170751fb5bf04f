import type { Page } from '@playwright/test';
import { SIM_INTENT_HEADER } from '../../src/contracts/sim-control';
import type { Move } from '../../src/contracts/move-run';
import { buildMove, buildMoveRepository } from '../../src/testing/move-factories';
import { expect, expectAccessible, test } from './fixtures';

/**
 * GitHub's known hang (gh-gei#1296): `mobile-ios` is the stuck scenario's repository, its import never leaves
 * PENDING_VALIDATION, while `mobile-android` is moved to the end. The running move says when it will be done and
 * draws its burndown (wide, then on a phone in the dark scheme, axe clean). The page's clock is moved 40 minutes on
 * (the browser's, with Playwright's clock): the row says how long it has been there, that it is the known hang,
 * and offers Abort, then Retry.
 */
test.setTimeout(120_000);

async function moveRecord(page: Page): Promise<Move> {
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const answer = await page.request.get(`/api/moves/${id}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Move;
}

test('a running move’s estimate and burndown; an import hung in PENDING_VALIDATION: its time, the known hang, Abort then Retry', async ({
  page,
  sim,
}) => {
  const quirks = await page.request.post('/__sim/faults/target/quirks', {
    data: { stuckRepositories: ['mobile-ios'] },
    headers: { [SIM_INTENT_HEADER]: 'faults' },
  });
  expect(quirks.ok(), await quirks.text()).toBe(true);
  await page.clock.install();

  await page.goto('/moves');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill('mobile-*');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText('2 ready');
  await page.getByRole('button', { name: 'Start move' }).click();
  await expect(page).toHaveURL(/\/moves\/[A-Za-z0-9-]+$/);

  // The simulated clock runs the export, the upload and the import up to GitHub's validation, where it stays.
  await expect
    .poll(
      async () => {
        const move = await moveRecord(page);
        const ios = move.repositories.find((repo) => repo.name === 'mobile-ios');
        const android = move.repositories.find((repo) => repo.name === 'mobile-android');
        if (ios?.migration?.state === 'PENDING_VALIDATION' && android?.step === 'done') return true;
        await sim.advance(60);
        return false;
      },
      { timeout: 80_000, intervals: [500] },
    )
    .toBe(true);

  const row = page.getByRole('table', { name: 'Repositories' }).getByRole('row', { name: 'mobile-ios' });
  await expect(row).toContainText('Importing');
  await expect(row).not.toContainText('known hang');

  // When it will be done: the gateway's estimate (one finished: from the steps behind the move), and the burndown.
  expect((await moveRecord(page)).estimate?.finishAt).toEqual(expect.any(String));
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('status', { name: 'When it will be done' })).toContainText(
    /^Expected to finish around .+: fewer than two repositories have finished/,
  );
  const burndown = progress.getByRole('figure');
  await expect(burndown).toHaveAccessibleName(/1 done, 0 failed or stopped, 1 remaining\.$/);
  await expect(burndown.locator('svg').first()).toBeVisible();

  await page.clock.fastForward('40:00');
  await expect(row).toContainText(/At this step for (40|41) min/);
  const abort = row.getByRole('button', { name: 'Abort the import of mobile-ios' });
  await expect(abort).toHaveAccessibleDescription(
    /GitHub has held this import at PENDING_VALIDATION for (40|41) min .*known hang of GitHub’s importer \(gh-gei#1296\).*Abort it, then Retry\./,
  );
  await expect(page.getByRole('button', { name: 'Abort all stuck (1)' })).toBeEnabled();

  await abort.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Abort/ }).click();
  await expect(row).toContainText('Aborted');
  await row.getByRole('button', { name: 'Retry mobile-ios' }).click();
  await expect(row).not.toContainText('Aborted');
  await expect(row.getByRole('button', { name: 'Retry mobile-ios' })).toHaveCount(0);

  // The same page on a phone, in the dark scheme: the burndown drawn, no sideways scroll, axe clean.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(burndown.locator('svg').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});

/**
 * The drawing of a long move (a 1,000-repository record, served in place of the gateway's answer: a move that
 * long takes hours to run): rows near the view only, the page scrolls to the last one, and the count is whole.
 */
test('a move of 1,000 repositories scrolls to its last row with some 30 rows in the page', async ({
  page,
}) => {
  const repositories = Array.from({ length: 1_000 }, (_, index) =>
    buildMoveRepository(`service-${String(index).padStart(4, '0')}`, {
      step: 'done',
      sourceLock: 'unlocked',
    }),
  );
  const move = buildMove(repositories, { id: 'long-move', state: 'completed' });
  await page.route('**/api/moves/long-move', (route) => route.fulfill({ json: move }));
  await page.goto('/moves/long-move');
  const table = page.getByRole('table', { name: 'Repositories' });
  await expect(table.getByRole('row', { name: 'service-0000' })).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '1001');
  expect(await table.getByRole('row').count()).toBeLessThan(60);

  // Rows are measured as they are drawn: the page's end moves as it scrolls, and End follows it.
  const last = table.getByRole('row', { name: 'service-0999' });
  await expect
    .poll(async () => (await page.keyboard.press('End'), await last.isVisible()), { timeout: 10_000 })
    .toBe(true);
  await expect(last).toHaveAttribute('aria-rowindex', '1001');
  expect(await table.getByRole('row').count()).toBeLessThan(60);
  await expect(table.getByRole('row', { name: 'service-0000' })).toHaveCount(0);
});
