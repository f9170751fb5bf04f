import { expect, expectAccessible, importAtMappingStep, test } from './fixtures';

/**
 * The author editor with thousands of authors in a real browser: one continuous list that draws only the rows
 * in view, where the list rests is kept in the address, and the keyboard reaches every row.
 */
test('2,000 authors: scroll, reload at the same place, and reach the last one with the keyboard', async ({
  page,
  sim,
}) => {
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-2000');
  await page.goto('/imports/octo-org/hello-world');
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(page.getByText(/Showing 2,000 of 2,000 authors/)).toBeVisible({ timeout: 15_000 });
  await expect(grid).toHaveAttribute('aria-rowcount', '2001');
  const drawn = await grid.locator('[role="row"][data-id]').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(80);
  // Readable in both schemes (axe checks the contrast of the grid's own styles).
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Scrolling the list: once it rests, the address says which row is at the top.
  const scroller = page.locator('.author-grid-scroll');
  await scroller.evaluate((element) => element.scrollTo({ top: 36 * 500 }));
  await expect(page).toHaveURL(/[?&]row=501(&|$)/);
  const topRow = grid.locator('[role="row"][aria-rowindex="502"]');
  await expect(topRow).toBeVisible();
  const topName = await topRow.locator('[data-field="remoteName"]').innerText();
  const topId = await topRow.locator('[data-field="id"]').innerText();

  // A reload opens the list where it was.
  await page.reload();
  await expect(page.getByText(/Showing 2,000 of 2,000 authors/)).toBeVisible({ timeout: 15_000 });
  await expect(topRow).toBeVisible();
  await expect(topRow.locator('[data-field="remoteName"]')).toHaveText(topName);
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toHaveCount(0);

  // The keyboard: Tab reaches the grid's one tab stop; Ctrl+End goes to the last author, Ctrl+Home back.
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Control+End');
  const last = grid.locator('[role="row"][aria-rowindex="2001"]');
  await expect(last).toBeVisible();
  await expect(last.locator('[data-field="state"]')).toBeFocused();
  await page.keyboard.press('Control+Home');
  await expect(grid.locator('[role="row"][aria-rowindex="2"] [data-field="id"]')).toBeFocused();

  // Search narrows the list and takes it back to its top.
  await page.getByRole('searchbox', { name: 'Search authors' }).fill(topId);
  await expect(page.getByText(/Showing 1 of 2,000 authors/)).toBeVisible();
  await expect(grid.locator('[role="row"][aria-rowindex="2"] [data-field="remoteName"]')).toHaveText(topName);
});

test('a sorted list stays where it rests: the address written again keeps the scroll', async ({
  page,
  sim,
}) => {
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-2000');
  await page.goto('/imports/octo-org/hello-world?sort=remoteName:desc');
  await expect(page.getByText(/Showing 2,000 of 2,000 authors/)).toBeVisible({ timeout: 15_000 });
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  const scroller = page.locator('.author-grid-scroll');
  await scroller.evaluate((element) => element.scrollTo({ top: 36 * 500 }));
  await expect(page).toHaveURL(/[?&]row=501(&|$)/);
  await expect(grid.locator('[role="row"][aria-rowindex="502"]')).toBeVisible();
  // Writing the row into the address reads the sort again, as a new object: the list must not go back to its top.
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(17_000);
  await expect(page).toHaveURL(/[?&]row=501(&|$)/);
  await expect(page).toHaveURL(/sort=remoteName%3Adesc/);
});

test('a row in the address past the end of a short list opens it at the top, every author drawn', async ({
  page,
  sim,
}) => {
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-12');
  await page.goto('/imports/octo-org/hello-world?row=5000');
  await expect(page.getByText(/Showing 12 of 12 authors/)).toBeVisible({ timeout: 15_000 });
  const grid = page.getByRole('grid', { name: 'Commit authors' });
  await expect(grid.locator('[role="row"][data-id]')).toHaveCount(12);
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toBeVisible();
});

test('the import page asks for its status and its authors once each while it opens', async ({
  page,
  sim,
}) => {
  await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-2000');
  const asked: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/github/repos/octo-org/hello-world/import'))
      asked.push({ path: pathname + search, at: Date.now() });
  });
  // The early entry starts these before the app runs; the app must find them, not ask again.
  await page.goto('/imports/octo-org/hello-world');
  await expect(page.getByText(/Showing 2,000 of 2,000 authors/)).toBeVisible({ timeout: 15_000 });
  const status = '/api/github/repos/octo-org/hello-world/import';
  const statusAsked = asked.filter(({ path }) => path === status).map(({ at }) => at);
  expect(statusAsked.length).toBeGreaterThanOrEqual(1);
  // The status is fresh for 2 s (its staleTime): on a busy machine the app may mount later than that and rightly
  // ask again, but never within it — a second ask there means the early entry's answer was not found.
  expect(statusAsked.filter((at) => at - statusAsked[0]! < 2_000)).toHaveLength(1);
  expect(asked.filter(({ path }) => path === `${status}/authors`)).toHaveLength(1);
  // The status said 2,000 authors and the one answer held them all: no `?since=` to learn there are none.
  expect(asked.filter(({ path }) => path.includes('since='))).toEqual([]);
  await expect(page.getByRole('gridcell').first()).toBeVisible();
});
