import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../../src/testing/webhook-receiver';
import { expect, expectAccessible, test } from './fixtures';

/** A webhook receiver on loopback, as a team's would be: keeps the bodies and signatures it is sent. */
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

test.afterAll(() => receiver.close());

const SECRET = 'the receiver and Ferry share this';

test('an alert target added in the browser gets a signed test, and the page shows it delivered', async ({
  page,
}) => {
  const { url } = receiver;
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  // The targets come first; the add form opens from its folded heading.
  await expect(page.getByRole('region', { name: 'Targets' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add an alert target' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add an alert target' }).click();
  const form = page.getByRole('form', { name: 'Add an alert target' });
  await form.getByRole('textbox', { name: 'Name' }).fill('e2e receiver');
  await form.getByRole('textbox', { name: 'URL' }).fill(url);
  await form.getByLabel('Secret').fill(SECRET);
  await form.getByRole('checkbox', { name: 'A migration wave finished or was cancelled' }).check();
  await form.getByRole('button', { name: 'Add target' }).click();

  const card = page.getByRole('region', { name: 'e2e receiver' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Send a test' }).click();
  await expect(card.getByRole('table', { name: 'Deliveries to e2e receiver' })).toContainText('delivered', {
    timeout: 15_000,
  });
  const test = receiver.received.find((item) => item.headers['x-ferry-event'] === 'test');
  expect(test).toBeDefined();
  const expected = `sha256=${createHmac('sha256', SECRET).update(test!.body).digest('hex')}`;
  expect(test!.headers['x-ferry-signature-256']).toBe(expected);
  // In words, with a time a person reads and the way back to the page.
  const sent = JSON.parse(test!.body) as { summary: string; time: string; link: string };
  expect(sent.summary).toBe('A test of the alert target “e2e receiver”: alerts reach it.');
  expect(sent.time).toContain('UTC');
  expect(new URL(sent.link).pathname).toBe('/alerts');
  expect(await page.locator('body').innerText()).not.toContain(SECRET);
  await expectAccessible(page);
});

test('/metrics parses, and its core remaining is the figure the rate-limits page shows', async ({
  page,
  request,
}) => {
  await page.goto('/rate-limits');
  const core = page.getByRole('status', { name: 'GitHub core rate limit' });
  await expect(core).toContainText('/ 5,000');
  const shown = Number((/([\d,]+) \/ 5,000/.exec(await core.innerText())?.[1] ?? '').replaceAll(',', ''));
  const metrics = await (await request.get('/metrics')).text();
  const remaining = /^ferry_rate_limit_remaining\{credential="default",resource="core"\} (\d+)$/m.exec(
    metrics,
  );
  expect(remaining).not.toBeNull();
  expect(Number(remaining![1])).toBe(shown);
  expect(metrics).toContain('# TYPE ferry_http_request_duration_seconds histogram');
});
