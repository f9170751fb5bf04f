import type { Page } from '@playwright/test';
import { expect, expectAccessible, importAtMappingStep, test } from './fixtures';

/**
 * Every page in both schemes with data on it (an export running, a wave running, an import at the mapping
 * step, a TLD looked up), not only empty states: axe finds nothing serious or critical.
 */
test.setTimeout(180_000);

const WRITE = { 'content-type': 'application/json', 'x-ferry-client': 'e2e' };

async function withData(page: Page): Promise<{ migration: number; wave: string }> {
  const started = await page.request.post('/api/github/orgs/octo-org/migrations', {
    headers: WRITE,
    data: { repositories: ['hello-world', 'octo-web'], lock_repositories: true },
  });
  expect(started.status()).toBe(201);
  const wave = await page.request.post('/api/waves', {
    headers: WRITE,
    data: {
      owner: { kind: 'org', login: 'octo-org' },
      filters: { namePattern: 'mobile-*, docs' },
      caps: { maxRepos: 2, maxSizeKb: 50 * 1024 * 1024, concurrency: 1 },
      options: { lockRepositories: true },
    },
  });
  expect(wave.status()).toBe(201);
  return {
    migration: ((await started.json()) as { id: number }).id,
    wave: ((await wave.json()) as { id: string }).id,
  };
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every page with data passes axe in the ${scheme} scheme`, async ({ page, sim }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await importAtMappingStep(page, sim, 'http://svn.example.com/svn/authors-40');
    const { migration, wave } = await withData(page);
    const pages: [string, RegExp][] = [
      ['/', /^Overview$/],
      ['/rate-limits', /^Rate limits$/],
      ['/migrations/orgs/octo-org', /octo-org/],
      [`/migrations/orgs/octo-org/${migration}`, new RegExp(`${migration}`)],
      ['/waves', /^Migration waves$/],
      [`/waves/${wave}`, /^Wave of octo-org$/],
      ['/imports/octo-org/hello-world', /hello-world/],
      ['/domains?tld=com', /Domains|\.com/],
      ['/connection', /Connection/],
      ['/alerts', /^Alerts$/],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
      // The page drawn at build time carries the same heading: judge the app's page, once it has replaced it.
      await expect(page.locator('#prerendered')).toHaveCount(0, { timeout: 15_000 });
      await expectAccessible(page);
      // axe measures one moment; a button fading between colours fails its contrast half-way for a person too.
      const fading = await page.getByRole('button').evaluateAll((buttons) =>
        buttons
          // Text buttons (MUI's Button): the kind axe found mid-fade. Icon buttons only tint their hover.
          .filter((button) => button.classList.contains('MuiButton-root'))
          .filter((button) =>
            /(?:^|,\s*)(?:color|background-color|all)(?:,|$)/.test(
              getComputedStyle(button).transitionProperty,
            ),
          )
          .map((button) => button.textContent?.trim() ?? ''),
      );
      expect(fading, `${path}: buttons that fade between colours`).toEqual([]);
    }
  });
}
