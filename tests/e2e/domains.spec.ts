import { expect, expectAccessible, test } from './fixtures';

// Each test loads the page, the lazy form chunk and runs axe; give a busy CI machine room.
test.describe.configure({ timeout: 60_000 });

test('look up com, fill the form, get a valid body and a dry-run curl without keys', async ({ page }) => {
  // The form validates by interpreting the schema: no JSON Schema compiler (Ajv) is downloaded for it.
  // `strictSchema` is one of Ajv's option names: in its code, in no other library the pages use.
  const withAjv: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    if (!/\/assets\/.*\.js$/.test(response.url())) return;
    withAjv.push(
      response.text().then((text) => (text.includes('strictSchema') ? response.url() : undefined)),
    );
  });
  await page.goto('/domains');
  await page.getByRole('textbox', { name: 'TLD' }).fill('.COM');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL(/\/domains\?tld=com$/);
  await expect(page.getByRole('heading', { name: 'Can be registered through the API' })).toBeVisible();
  await expect(page.getByText('Maximum term')).toBeVisible();

  const cost = page.getByRole('spinbutton', { name: /Cost \(US cents\)/ });
  await cost.fill('0');
  await expect(page.locator(`[id="${await cost.getAttribute('id')}__error"]`)).toContainText('must be >= 1');
  await expect(cost).toHaveAccessibleDescription(/must be >= 1/);
  await expect(page.getByRole('status').filter({ hasText: 'Not valid yet' })).toContainText(
    'cost: must be >= 1',
  );
  await cost.fill('1108');
  await page.getByRole('combobox', { name: /agreeToTerms/ }).click();
  await page.getByRole('option', { name: 'yes' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'The body is valid against the schema.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Validated JSON body')).toContainText('"agreeToTerms": "yes"');
  await page.getByRole('textbox', { name: 'Domain name (without the TLD)' }).fill('ferry-demo');
  const curl = page.getByLabel('curl command for a dry-run create');
  await expect(curl).toContainText('domain/create/ferry-demo.com');
  await expect(curl).toContainText('"dryRun":true');
  await expect(curl).toContainText('X-API-Key: $PORKBUN_API_KEY');
  await expect(curl).not.toContainText('pk1_sim');
  await expect(curl).not.toContainText('sk1_sim');
  await expectAccessible(page);
  expect((await Promise.all(withAjv)).filter(Boolean)).toEqual([]);
});

test('a registrar schema with a backtracking pattern: that pattern is left to the registrar, said on the page; the rest is checked and the page stays responsive', async ({
  page,
}) => {
  await page.route('**/api/registrar/domain/getRegistrationRequirements/com', (route) =>
    route.fulfill({
      json: {
        status: 'SUCCESS',
        tld: 'com',
        apiRegisterable: true,
        registrationDurationYears: 1,
        whoisPrivacySupported: true,
        requiresValidatedAddress: false,
        registrantOnly: false,
        requestSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          required: ['handle', 'cc'],
          properties: {
            handle: { type: 'string', title: 'Handle', pattern: '^(a+)+$' },
            cc: { type: 'string', title: 'Country', pattern: '^[A-Z]{2}$' },
          },
        },
      },
    }),
  );
  await page.goto('/domains?tld=com');
  const handle = page.getByRole('textbox', { name: /Handle/ });
  // 34 a's and a b: a backtracking engine takes minutes on this against `^(a+)+$`.
  await handle.fill(`${'a'.repeat(34)}b`);
  await expect(
    page.getByText(/^Left to the registrar: this page does not check the pattern of Handle/),
  ).toContainText('^(a+)+$: a repeated group that itself repeats or alternates');
  // The safe pattern is still checked, then the body passes.
  const country = page.getByRole('textbox', { name: /Country/ });
  await country.fill('usa');
  await expect(country).toHaveAccessibleDescription(/must match pattern/);
  await country.fill('US');
  await expect(
    page.getByRole('status').filter({ hasText: 'The body is valid against the schema.' }),
  ).toBeVisible();
  await handle.fill('still typing');
  await expect(handle).toHaveValue('still typing');
});

test('look up us: website only, with the nexus categories and their labels; describedby is reachable', async ({
  page,
}) => {
  await page.goto('/domains?tld=us');
  await expect(page.getByRole('heading', { name: 'Website only' })).toBeVisible();
  await expect(page.getByText(/register it through the website/)).toBeVisible();
  const nexus = page.getByRole('list', { name: 'Allowed values for Nexus category' });
  await expect(nexus.getByRole('listitem')).toHaveCount(5);
  await expect(nexus).toContainText('C11 — A natural person who is a United States citizen');
  await expect(nexus).toContainText('C32 — A foreign entity that has an office or other facility');
  await expect(page.getByText(/Inaccurate nexus data/)).toBeVisible();

  const describedBy = page.getByRole('link', { name: /Machine-readable interface description/ });
  await expect(describedBy).toHaveAttribute('href', '/api/registrar/spec');
  const spec = await page.request.get('/api/registrar/spec');
  expect(spec.ok()).toBe(true);
  expect(await spec.json()).toMatchObject({ openapi: '3.0.0' });
  await expectAccessible(page);
});

test('an unknown TLD gets a clear error; invalid input never reaches the registrar', async ({ page }) => {
  await page.goto('/domains');
  const input = page.getByRole('textbox', { name: 'TLD' });
  await input.fill('example.com/path');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(/not a web address/)).toBeVisible();
  await expect(page).toHaveURL(/\/domains$/);

  await input.fill('nosuchtld');
  await page.getByRole('button', { name: 'Look up' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'does not offer' });
  await expect(alert).toContainText('The registrar does not offer .nosuchtld');
  await expect(alert).toContainText('INVALID_TLD');
});

test('compare three TLDs side by side', async ({ page }) => {
  await page.goto('/domains/compare');
  await page.getByRole('textbox', { name: 'TLDs to compare' }).fill('com, .AI, ca');
  await page.getByRole('button', { name: 'Compare' }).click();
  const table = page.getByRole('table', { name: 'TLDs side by side' });
  await expect(table.getByRole('columnheader')).toHaveText(['Fact', '.com', '.ai', '.ca']);
  await expect(table.getByRole('row', { name: /^Verdict/ })).toContainText('Website only');
  await expect(table.getByRole('row', { name: /^Registration term/ })).toContainText('2 years');
  await expect(table.getByRole('row', { name: /^Required registry fields/ })).toContainText('legalType');
  await expectAccessible(page);
});
