import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../../src/testing/webhook-receiver';
import { SIM_APP, SIM_APP_PRIVATE_KEY } from '../../src/simulator/github/apps';
import { SIM_SECOND_TOKEN } from '../../src/simulator/github/seed';
import { expect, expectAccessible, test } from './fixtures';
import { startWaveServers, type WaveServers } from './wave-servers';

/**
 * Three personal access tokens (two of octocat's, one of hubot's) and one GitHub App installation configured
 * as a user would (environment variables, the App's key as its PEM), the gateway live against a standalone
 * simulator.
 */
let servers: WaveServers;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const SECRET = 'shared by the receiver and Ferry';

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  servers = await startWaveServers({
    simSpeed: 100,
    gatewayEnv: {
      GITHUB_TOKEN_HUBOT: 'sim-token-hubot-FAKE',
      GITHUB_TOKEN_SECOND: SIM_SECOND_TOKEN,
      GITHUB_APP_SIMULATED_ID: String(SIM_APP.id),
      GITHUB_APP_SIMULATED_INSTALLATION_ID: String(SIM_APP.installationId),
      GITHUB_APP_SIMULATED_PRIVATE_KEY: SIM_APP_PRIVATE_KEY,
    },
  });
  await servers.startGateway();
});

test.afterAll(async () => {
  servers.stop();
  await receiver.close();
});

const NAMES = ['default', 'hubot', 'second', 'simulated'];
/** GitHub counts per user: octocat's two tokens are one budget, so one column. */
const OCTOCAT = 'octocat: default, second';
const COLUMNS = [OCTOCAT, 'hubot', 'simulated'];

test('the rate-limits page shows each budget side by side, a user’s tokens as one, and /metrics says the same', async ({
  page,
  request,
}) => {
  await page.goto(`${servers.gatewayUrl}/rate-limits`);
  for (const name of COLUMNS) {
    const column = page.getByRole('region', { name, exact: true });
    await expect(column.getByRole('region', { name: `core (${name})`, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'simulated', exact: true })).toContainText(
    'GitHub App installation',
  );
  // The App's installation has a budget of its own: spend some of hubot's and only hubot's moves.
  for (let index = 0; index < 3; index++) {
    const spent = await request.get(`${servers.gatewayUrl}/api/github/user`, {
      headers: { 'x-ferry-credential': 'hubot' },
    });
    expect(spent.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  const usedOf = async (name: string) => {
    const card = page
      .getByRole('region', { name, exact: true })
      .getByRole('region', { name: `core (${name})`, exact: true });
    const text = /Used ([\d,]+) in this window/.exec(await card.innerText())?.[1] ?? '';
    return Number(text.replaceAll(',', ''));
  };
  await expect.poll(() => usedOf('hubot')).toBeGreaterThanOrEqual(3);
  expect(await usedOf('simulated')).toBeLessThan(await usedOf('hubot'));
  // What octocat's second token spends, octocat's column (read through default) shows.
  const before = await usedOf(OCTOCAT);
  for (let index = 0; index < 4; index++) {
    const spent = await request.get(`${servers.gatewayUrl}/api/github/user`, {
      headers: { 'x-ferry-credential': 'second' },
    });
    expect(spent.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => usedOf(OCTOCAT)).toBeGreaterThanOrEqual(before + 4);
  await expect(page.getByRole('region', { name: 'second', exact: true })).toHaveCount(0);

  // History: the gateway's minute sample keeps one series per credential.
  const history = (await (await request.get(`${servers.gatewayUrl}/api/ferry/rate-history`)).json()) as {
    samples: { credential: string }[];
  };
  expect(new Set(history.samples.map((sample) => sample.credential))).toEqual(new Set(NAMES));

  const metrics = await (await request.get(`${servers.gatewayUrl}/metrics`)).text();
  const fromMetrics = (name: string) =>
    Number(
      new RegExp(`^ferry_rate_limit_remaining\\{credential="${name}",resource="core"\\} (\\d+)$`, 'm').exec(
        metrics,
      )?.[1],
    );
  const shown = Number(
    (
      /^([\d,]+)/.exec(
        await page
          .getByRole('region', { name: 'hubot', exact: true })
          .getByRole('region', { name: 'core (hubot)', exact: true })
          .getByRole('paragraph')
          .first()
          .innerText(),
      )?.[1] ?? ''
    ).replaceAll(',', ''),
  );
  expect(fromMetrics('hubot')).toBe(shown);
  await expectAccessible(page);
});

test('an export refuses the App credential with the reason, and runs on a token', async ({ page }) => {
  await page.goto(`${servers.gatewayUrl}/migrations/orgs/octo-org`);
  await page.getByRole('button', { name: 'Start export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an export of octo-org' });
  const picker = dialog.getByRole('combobox', { name: 'Credential' });
  // The first credential that may export is the default.
  await expect(picker).toContainText('default');
  await picker.click();
  const app = page.getByRole('option', { name: /simulated — GitHub App installation/ });
  await expect(app).toHaveAttribute('aria-disabled', 'true');
  await expect(app).toContainText('enabledForGitHubApps: false');
  await expectAccessible(page);
  await page.getByRole('option', { name: /default — Personal access token/ }).click();
  await dialog.getByRole('combobox', { name: 'Repositories' }).fill('hello');
  await page.getByRole('option', { name: 'hello-world' }).click();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Migration #\d+/ })).toBeVisible();
});

test('a credential GitHub refuses for an export: the reason shows next to the picker, whole, in view', async ({
  page,
}) => {
  await page.goto(`${servers.gatewayUrl}/migrations/orgs/octo-org`);
  await page.getByRole('button', { name: 'Start export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an export of octo-org' });
  const picker = dialog.getByRole('combobox', { name: 'Credential' });
  await picker.click();
  // hubot is a plain member of octo-org: GitHub refuses it an export.
  await page.getByRole('option', { name: /hubot — Personal access token/ }).click();
  await dialog.getByRole('combobox', { name: 'Repositories' }).fill('hello');
  await page.getByRole('option', { name: 'hello-world' }).click();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'The export did not start' });
  await expect(refusal).toBeInViewport({ ratio: 1 });
  // Right under the picker, not at the far end of the form.
  const pickerBox = await picker.boundingBox();
  const refusalBox = await refusal.boundingBox();
  expect(refusalBox!.y - (pickerBox!.y + pickerBox!.height)).toBeLessThan(80);
  await expectAccessible(page);
});

test('the connection page tests each credential on its own, and says nothing of a simulated account', async ({
  page,
}) => {
  await page.goto(`${servers.gatewayUrl}/connection`);
  const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name} `) });
  await row('hubot').getByRole('button', { name: 'Test hubot' }).click();
  await expect(row('hubot').getByText('Connected as hubot')).toBeVisible();
  await row('second').getByRole('button', { name: 'Test second' }).click();
  await expect(row('second').getByText('Connected as octocat')).toBeVisible();
  await expect(row('default').getByText(/Connected as/)).toHaveCount(0);
  await expect(page.getByText(/Simulated account/)).toHaveCount(0);
  await expectAccessible(page);
});

test('a wave run with a named token: its end reaches a local webhook receiver, signed', async ({
  request,
}) => {
  const { url } = receiver;
  const target = await request.post(`${servers.gatewayUrl}/api/alerts`, {
    headers: { origin: servers.gatewayUrl },
    data: { name: 'receiver', kind: 'webhook', url, secret: SECRET, events: ['wave-finished'] },
  });
  expect(target.status()).toBe(201);
  const wave = (credential: string) =>
    request.post(`${servers.gatewayUrl}/api/waves`, {
      headers: { origin: servers.gatewayUrl },
      data: {
        owner: { kind: 'org', login: 'big-org' },
        filters: { namePattern: '*-00[1-3]' },
        caps: { maxRepos: 5, maxSizeKb: 50 * 1024 * 1024, concurrency: 2 },
        options: { credential },
      },
    });
  const refused = await wave('simulated');
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(await refused.text()).toContain('enabledForGitHubApps: false');
  const created = await wave('default');
  expect(created.status()).toBe(201);
  const finished = () =>
    receiver.received.filter((item) => item.headers['x-ferry-event'] === 'wave-finished');
  await expect.poll(() => finished().length, { timeout: 120_000 }).toBe(1);
  const delivered = finished()[0]!;
  expect(delivered.headers['x-ferry-signature-256']).toBe(
    `sha256=${createHmac('sha256', SECRET).update(delivered.body).digest('hex')}`,
  );
});
