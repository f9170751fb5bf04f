import { expect, expectAccessible, test } from './fixtures';

test('the overview is the home page and shows a running export started from another browser context', async ({
  page,
  browser,
  sim,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const exports = page.getByRole('region', { name: 'Exports' });
  await expect(exports.getByText(/No exports yet/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Imports followed' }).getByText(/No imports followed yet/),
  ).toBeVisible();
  await expectAccessible(page);

  // Someone else, in another browser, starts a long export (legacy-monolith takes ~2 simulated minutes).
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const started = await other.request.post('/api/github/orgs/octo-org/migrations', {
    headers: { 'x-ferry-client': 'e2e' },
    data: { repositories: ['legacy-monolith', 'docs'] },
  });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await other.close();

  await page.reload();
  const running = exports.getByRole('region', { name: 'Running' });
  const link = running.getByRole('link', { name: new RegExp(`Export ${id} of octo-org`) });
  await expect(link).toBeVisible();
  await expect(link).toContainText('legacy-monolith, docs');
  await expect(page).toHaveTitle(/^Overview — 1 export running · Ferry$/);

  // While it runs the page keeps looking: it moves to the available archives without a reload.
  await sim.advance(600);
  await expect(
    exports
      .getByRole('region', { name: 'Archives available' })
      .getByRole('link', { name: new RegExp(`Export ${id}`) }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('Overview · Ferry');

  await link
    .or(exports.getByRole('link', { name: new RegExp(`Export ${id}`) }))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/migrations/orgs/octo-org/${id}$`));
  await expect(page).toHaveTitle(`Export ${id} — exported · Ferry`);
});

test('the rate-limit projection is there on first load, from the gateway’s history', async ({
  page,
  request,
  sim,
}) => {
  test.setTimeout(60_000);
  // Use the API before the page is open: the gateway records every response's rate headers.
  const spend = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      expect((await request.get('/api/github/user')).ok()).toBe(true);
    }
  };
  await spend(10);
  await sim.advance(60);
  // The projection needs 10 s of history in the current window: real seconds of readings, nothing to poll.
  // eslint-disable-next-line playwright/no-wait-for-timeout
  await page.waitForTimeout(11_000);
  await spend(10);

  await page.goto('/rate-limits');
  const core = page.getByRole('region', { name: 'core', exact: true });
  // Before the page's own samples could span 10 s: the projection comes from history.
  await expect(core.getByText(/At this pace \(\d+\.\d\/min\)/)).toBeVisible({ timeout: 5_000 });
  await expect(core.getByRole('figure')).toHaveAccessibleName(/core over the last hour: \d+ readings/);
  await page.getByRole('button', { name: 'Last day' }).click();
  await expect(core.getByRole('figure')).toHaveAccessibleName(/core over the last day/);
  await expect(page).toHaveTitle(/^Rate limits — core [\d,]+ left · Ferry$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  const budget = page.getByRole('region', { name: 'Core budget' });
  await expect(budget.getByText(/At this pace \(\d+\.\d\/min\)/)).toBeVisible();
  await expect(budget.getByRole('img', { name: /Core requests left over the last hour/ })).toBeVisible();
});
