import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A clean console on every journey: any console error (a failed resource load included) fails the test.
 * Each journey is a page a user opens and the first thing they do there.
 */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const JOURNEYS: [string, string, (page: Page) => Promise<void>][] = [
  [
    'rate limits',
    '/rate-limits',
    async (page) => {
      await expect(page.getByRole('region', { name: 'core' })).toBeVisible();
    },
  ],
  [
    'migrations',
    '/migrations/orgs/octo-org',
    async (page) => {
      await expect(page.getByRole('button', { name: 'Start export' })).toBeVisible();
    },
  ],
  [
    'alerts',
    '/alerts',
    async (page) => {
      // Empty or not (another test may have added one), the list is read and shown.
      await expect(page.getByRole('heading', { level: 2, name: 'Targets' })).toBeVisible();
      await expect(page.getByText('Loading alert targets')).toHaveCount(0);
    },
  ],
  [
    'connection',
    '/connection',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  ],
  [
    'an import page without an import',
    '/imports/octo-org/hello-world',
    async (page) => {
      // GitHub's 404 for "no import" reaches the browser as `200 null` (x-ferry-absent): nothing logged.
      await expect(page.getByRole('textbox', { name: 'Source URL' })).toBeVisible();
    },
  ],
  [
    'a domain lookup',
    '/domains?tld=com',
    async (page) => {
      await expect(page.getByRole('heading', { name: 'Can be registered through the API' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Registration payload' })).toBeVisible();
    },
  ],
  [
    'a website-only domain',
    '/domains?tld=us',
    async (page) => {
      await expect(page.getByText(/No registration payload/)).toBeVisible();
    },
  ],
  [
    'compare',
    '/domains/compare?tlds=com,us,ca',
    async (page) => {
      await expect(page.getByRole('table', { name: 'TLDs side by side' })).toBeVisible();
    },
  ],
];

for (const [name, path, journey] of JOURNEYS) {
  test(`the console stays clean: ${name}`, async ({ page }) => {
    const errors = recordErrors(page);
    await page.goto(path);
    await journey(page);
    // Errors can arrive after the journey's last step (a late answer, a lazy chunk): give them the time.
    // eslint-disable-next-line playwright/no-wait-for-timeout
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
  });
}
