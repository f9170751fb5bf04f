import { expect, expectAccessible, test } from './fixtures';

test('the rate-limits page has its own address and shows the simulator’s categories', async ({ page }) => {
  await page.goto('/rate-limits');
  await expect(page.getByRole('heading', { level: 1, name: 'Rate limits' })).toBeVisible();
  for (const name of ['core', 'search', 'graphql', 'code_search', 'integration_manifest']) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('GitHub: Simulator')).toBeVisible();
  await expect(page.getByRole('status', { name: 'GitHub core rate limit' })).toContainText('/ 5,000');
  await expectAccessible(page);
});

test('the page’s code is asked for while the app’s own code is still on its way, and once', async ({
  page,
}) => {
  // Hold the app's chunk back: only the early entry can ask for the page's code before it arrives.
  let appArrived = false;
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    appArrived = true;
    await route.continue();
  });
  const asked: boolean[] = [];
  page.on('request', (request) => {
    if (/\/assets\/rate-limits-[\w-]+\.js$/.test(new URL(request.url()).pathname)) asked.push(appArrived);
  });
  await page.goto('/rate-limits');
  await expect(page.getByRole('region', { name: 'core', exact: true })).toBeVisible();
  expect(asked).toEqual([false]);
});

test('when the app’s code cannot arrive, the loading line says so instead of loading forever', async ({
  page,
}) => {
  await page.route(/\/assets\/vendor-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/rate-limits');
  // The page drawn at build time goes too: its buttons would never answer.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(
    'Ferry could not load its code. Check the connection, then reload the page.',
  );
  await expect(page.getByText('Ferry', { exact: true })).toBeVisible();
});

test('the reset countdown ticks', async ({ page }) => {
  await page.goto('/rate-limits');
  const core = page.getByRole('region', { name: 'core', exact: true });
  const countdown = core.getByText(/Resets in/);
  await expect(countdown).toBeVisible();
  const before = await countdown.textContent();
  await expect.poll(async () => countdown.textContent(), { timeout: 5_000 }).not.toBe(before);
});

test('advancing the simulator clock past the reset shows a fresh window', async ({ page, sim }) => {
  await page.goto('/rate-limits');
  const search = page.getByRole('region', { name: 'search', exact: true });
  await expect(search).toContainText('30 / 30 left');
  await sim.advance(3600);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(search.getByText(/Resets in/)).toBeVisible();
});

test('dark mode toggles and is remembered', async ({ page }) => {
  await page.goto('/rate-limits');
  await page.getByRole('button', { name: /^Theme/ }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  await expectAccessible(page);
});

test('a GitHub Enterprise Server without rate limiting shows an informative state', async ({ page, sim }) => {
  await sim.reset('rate-limit-disabled');
  await page.goto('/rate-limits');
  await expect(page.getByText(/Rate limiting is not enabled on this server/)).toBeVisible();
  await expectAccessible(page);
});

test('works at 360 px wide with the navigation behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/rate-limits');
  await expect(page.getByRole('region', { name: 'core', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Connection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connection' })).toBeVisible();
  await expectAccessible(page);
});

test('chart labels are whole: every tick and reset label lies inside its chart, none cut short', async ({
  page,
}) => {
  await page.goto('/rate-limits');
  for (const name of ['core', 'search', 'code_search']) {
    const region = page.getByRole('region', { name, exact: true });
    const chart = region
      .locator('svg')
      .filter({ has: page.locator('text') })
      .first();
    await expect(region).toBeVisible({ timeout: 15_000 });
    // The chart's code arrives after the page's (lazy).
    await expect(chart).toBeVisible({ timeout: 15_000 });
    const cut = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((text) => (text.textContent ?? '').trim() !== '')
        .filter((text) => {
          const own = text.getBoundingClientRect();
          const outside = own.left < box.left - 1 || own.right > box.right + 1;
          return outside || (text.textContent ?? '').includes('…');
        })
        .map((text) => text.textContent);
    });
    expect(cut, name).toEqual([]);
    // Resets a minute apart: one label, not several printed over each other.
    expect(await chart.locator('text', { hasText: /^reset$/ }).count(), name).toBeLessThanOrEqual(1);
  }
  // The search category resets each minute: its reset line sits at the chart's end, labelled inside it.
  await expect(
    page.getByRole('region', { name: 'search', exact: true }).locator('text', { hasText: 'reset' }).first(),
  ).toBeVisible();
});

test('the navigation’s column is painted to the end of a long page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/rate-limits');
  await expect(page.getByRole('region', { name: 'core', exact: true })).toBeVisible({ timeout: 15_000 });
  const column = await page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]');
    const docked = nav?.closest('.MuiDrawer-docked');
    if (!docked) return undefined;
    const box = docked.getBoundingClientRect();
    return {
      bottom: Math.round(box.bottom + window.scrollY),
      page: document.documentElement.scrollHeight,
      painted: getComputedStyle(docked).backgroundColor,
      paper: getComputedStyle(nav!.closest('.MuiDrawer-paper')!).backgroundColor,
    };
  });
  expect(column?.page).toBeGreaterThan(700);
  expect(column?.bottom).toBe(column?.page);
  expect(column?.painted).toBe(column?.paper);
});
