import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from './fixtures';
import { startWaveServers, type WaveServers } from './wave-servers';

/**
 * Migration waves on the simulator's `big-org` (500 repositories): 60 of them (`*-0[4-9]?`, among them
 * `data-broken-097`, whose export always fails) in batches of 10. The gateway runs the wave, downloads and
 * verifies every archive; the page shows it. The second test kills the gateway (SIGKILL) mid-wave and starts it
 * again: the wave completes and no batch was started twice.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let servers: WaveServers;

test.beforeEach(async () => {
  servers = await startWaveServers({ simSpeed: 100 });
  await servers.startGateway();
});

test.afterEach(() => servers.stop());

interface ShownWave {
  id: string;
  state: string;
  startsSent: number;
  isolated: string[];
  batches: { id: number; state: string; migrationId?: number; attempts: number }[];
}

test('a wave of 60 repositories in batches of 10: broken one isolated, every archive verified, manifest downloaded', async ({
  page,
}) => {
  const counted = async () =>
    ((await (await fetch(`${servers.simulatorUrl}/__sim/state`)).json()) as { stats: { counted: number } })
      .stats.counted;
  const countedBefore = await counted();
  await page.goto(`${servers.gatewayUrl}/waves`);
  await page.getByRole('textbox', { name: 'Organization' }).fill('big-org');
  await page.getByRole('textbox', { name: 'Name pattern' }).fill('*-0[4-9]?');
  await page.getByRole('textbox', { name: 'Repositories per batch' }).fill('10');
  await page.getByRole('textbox', { name: 'Size per batch (GB)' }).fill('50');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('status', { name: 'Preview' });
  await expect(preview).toContainText('60 of 500 repositories selected');
  await expect(preview).toContainText('in 6 batches');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start wave' }).click();

  await expect(page.getByRole('heading', { name: 'Wave of big-org' })).toBeVisible();
  await expect(page.getByText('Completed, 1 repository not exported', { exact: true })).toBeVisible({
    timeout: 150_000,
  });
  await expect(page.getByRole('alert', { name: 'Isolated repositories' })).toContainText('data-broken-097');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('59 of 60 repositories archived');
  // The figure a user budgets with is what GitHub counted: the preview's listing and the wave's requests,
  // nothing else reached GitHub meanwhile (the gateway's minute sample and ten-minute alert check read
  // `GET /rate_limit`, which GitHub does not count).
  const countedDuring = (await counted()) - countedBefore;
  await expect(totals).toContainText(
    new RegExp(`(?<![\\d,])${countedDuring.toLocaleString('en-US')} GitHub requests`),
  );
  // Every batch that stands is verified, except the one holding the broken repository alone.
  const rows = page.getByRole('row', { name: /^Batch \d+$/ });
  const verified = rows.filter({ hasText: 'Verified' });
  await expect(rows.filter({ hasText: 'Fails alone' })).toHaveCount(1);
  expect(await verified.count()).toBeGreaterThanOrEqual(6);
  await expect(verified.first().getByRole('link', { name: /Download the archive of batch/ })).toBeVisible();
  // The summary adds up with the rows: split batches are named, not counted as batches.
  const split = await rows.filter({ hasText: 'Split in halves' }).count();
  await expect(totals).toContainText(
    `${await verified.count()} of ${(await rows.count()) - split} batches verified`,
  );
  // The broken repository's batch failed twice and was split, so split rows stand in the table.
  expect(split).toBeGreaterThan(0);
  await expect(totals).toContainText(new RegExp(`${split} batch(es)? split into halves`));
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Manifest (JSON)' }).click();
  const file = await (await download).path();
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    isolated: string[];
    batches: { state: string; repositories: string[]; sha256: string | null; bytes: number | null }[];
  };
  expect(manifest.isolated).toEqual(['data-broken-097']);
  const done = manifest.batches.filter((batch) => batch.state === 'verified');
  expect(done.flatMap((batch) => batch.repositories)).toHaveLength(59);
  for (const batch of done) {
    expect(batch.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(batch.bytes).toBeGreaterThan(0);
  }
  const csv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Manifest (CSV)' }).click();
  expect(readFileSync(await (await csv).path(), 'utf8')).toMatch(
    /^batch,migration_id,repositories,file,bytes,sha256,state/,
  );

  // The overview knows the wave: its exports (retries and halves included) are folded under it, so the
  // failures it handled are not listed as the user's, and the archives it holds are not "about to be lost".
  await page.goto(`${servers.gatewayUrl}/`);
  const waves = page.getByRole('region', { name: 'Migration waves' });
  await expect(waves.getByRole('link', { name: /Wave of big-org/ })).toContainText(
    '1 repository not exported',
  );
  await expect(waves).toContainText('Completed, 1 repository not exported');
  const exports = page.getByRole('region', { name: 'Exports' });
  await expect(exports).toContainText('Every export belongs to a migration wave');
  await expect(exports.getByRole('region', { name: 'Failed' })).toHaveCount(0);
  await expect(exports.getByRole('region', { name: 'Archives deleted within 48 hours' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a gateway killed mid-wave: the open page says so and disables its actions; started again, the wave completes, no batch started twice', async ({
  page,
  request,
}) => {
  const created = await request.post(`${servers.gatewayUrl}/api/waves`, {
    headers: { origin: servers.gatewayUrl },
    data: {
      owner: { kind: 'org', login: 'big-org' },
      filters: { namePattern: '*-0[4-9]?' },
      caps: { maxRepos: 10, maxSizeKb: 50 * 1024 * 1024, concurrency: 2 },
      options: {},
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as ShownWave;
  const read = async () =>
    (await (await request.get(`${servers.gatewayUrl}/api/waves/${id}`)).json()) as ShownWave;

  // Kill it once some archives are in and exports are still running.
  await expect
    .poll(async () => (await read()).batches.filter((batch) => batch.state === 'verified').length, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(1);
  const before = await read();
  expect(before.state).toBe('running');
  await page.goto(`${servers.gatewayUrl}/waves/${id}`);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
  servers.killGateway();

  // The open page says within 5 s that its data is from before, and turns its actions off.
  await expect(page.getByRole('alert').filter({ hasText: 'may no longer be so' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByText('Running (last known)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel wave' })).toBeDisabled();

  await servers.startGateway();
  // The same page recovers by itself once the gateway answers again.
  await expect(page.getByRole('alert').filter({ hasText: 'may no longer be so' })).toBeHidden({
    timeout: 30_000,
  });
  await expect(page.getByText('Completed, 1 repository not exported', { exact: true })).toBeVisible({
    timeout: 150_000,
  });
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('59 of 60 repositories archived');

  const after = await read();
  // What was verified before the kill is still verified, with the same export.
  for (const batch of before.batches.filter((b) => b.state === 'verified')) {
    expect(after.batches.find((b) => b.id === batch.id)).toMatchObject({
      state: 'verified',
      migrationId: batch.migrationId,
    });
  }
  // GitHub holds exactly as many exports as the wave started: none was started twice or lost.
  const onGithub = await request.get(`${servers.simulatorUrl}/api/v3/orgs/big-org/migrations?per_page=100`, {
    headers: {
      authorization: 'Bearer sim-token-octocat-FAKE',
      accept: 'application/vnd.github.wyandotte-preview+json',
    },
  });
  const migrations = (await onGithub.json()) as { id: number }[];
  expect(migrations).toHaveLength(after.startsSent);
  const ids = after.batches.flatMap((batch) => (batch.migrationId ? [batch.migrationId] : []));
  expect(new Set(ids).size).toBe(ids.length);
});
