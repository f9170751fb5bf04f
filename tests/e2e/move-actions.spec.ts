import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SIM_INTENT_HEADER, type SimChange } from '../../src/contracts/sim-control';
import { TARGET_TOKENS } from '../../src/simulator/target/seed';
import { stopProcess } from '../../src/testing/gateway-process';
import { SIM_TOKEN, startGateway, startSimulator, type Proc } from '../../src/testing/team-processes';
import { expect, test } from './fixtures';

/**
 * The move's pages, round 2 (issue 48), in the browser. On a gateway with the embedded simulator: a move held by the
 * source's spent GraphQL budget says so on its row until the reset (and the preview showed that budget); a failed
 * import's migration log opens from its row; "Retry all failed" asks first, then sends the failed ones back to work.
 * On a pair of the standalone simulator and a gateway with several target tokens: a move starts with the target
 * credential chosen on the form — a pair, because a migrator's token moves only once an owner granted the role, and
 * nothing reaches the embedded target to grant it.
 *
 * The embedded checks run on the suite's gateway; the pair is this file's own. Both look at a move every second
 * (`MOVE_POLL_MS`) rather than every 15 s: what is checked here does not depend on the cadence, and the e2e lane's
 * budget is short.
 */

const JSON_HEADERS = { 'content-type': 'application/json', 'x-ferry-client': 'e2e' };
/** A target ruleset over every repository that does not let Repository migrations bypass: GitHub fails the imports. */
const BLOCKING_RULESET = { name: 'Protect main', include: ['~ALL'] };
const IN_FLIGHT = /Uploaded|Queued for import|Importing|Validating|Done/;

interface MoveRecord {
  id: string;
  state: string;
  target: { login: string; credential?: string };
  waiting?: { until: string; reason: string; for?: string };
  requests: { targetPoints: number };
}

async function control(
  request: APIRequestContext,
  base: string,
  change: SimChange,
  route: string,
  data: unknown,
) {
  const response = await request.post(`${base}/__sim/${route}`, {
    data,
    headers: { [SIM_INTENT_HEADER]: change },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A gateway of this file's own, as `npm start` runs it, on a store of its own. */
async function ownGateway(env: Record<string, string>): Promise<Proc & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-move-actions-'));
  const gateway = await startGateway({
    DATA_DIR: dataDir,
    FERRY_DIST: process.env.FERRY_DIST ?? 'dist',
    MOVE_POLL_MS: '1000',
    ...env,
  });
  return { ...gateway, dataDir };
}

async function stopOwn(proc: (Proc & { dataDir?: string }) | undefined) {
  await stopProcess(proc?.child);
  if (proc?.dataDir) rmSync(proc.dataDir, { recursive: true, force: true });
}

async function startMove(page: Page, base: string, namePattern: string): Promise<string> {
  const started = await page.request.post(`${base}/api/moves`, {
    headers: JSON_HEADERS,
    data: {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: 'octo-target' },
      filters: { namePattern },
      caps: {},
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { id: string }).id;
}

async function moveRecord(request: APIRequestContext, id: string, base = ''): Promise<MoveRecord> {
  const response = await request.get(`${base}/api/moves/${id}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as MoveRecord;
}

/** Move the simulated clock on by `step` seconds while `done` is not yet so (the move's looks run between). */
async function advanceUntil(
  advance: (seconds: number) => Promise<void>,
  done: () => Promise<boolean>,
  { step, timeout }: { step: number; timeout: number },
): Promise<number> {
  let advanced = 0;
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await advance(step);
        advanced += step;
        return false;
      },
      { timeout, intervals: [500] },
    )
    .toBe(true);
  return advanced;
}

/** The move page's row of `name` (wide screen). */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Repositories' }).getByRole('row', { name, exact: true });

test.describe('with the embedded simulator', () => {
  // The suite's own gateway (embedded simulator, a move looked at each second): its address is the page's.
  const base = '';

  /** The embedded simulator's control interface on this gateway. */
  const simOf = (page: Page) => ({
    reset: (scenario: string) => control(page.request, base, 'reset', 'reset', { scenario }),
    advance: (seconds: number) => control(page.request, base, 'advance', 'advance', { seconds }),
    quirks: (data: unknown) => control(page.request, base, 'faults', 'faults/target/quirks', data),
  });

  test('a move held by the source’s spent GraphQL budget says so on its row until the reset; the preview showed that budget', async ({
    page,
  }) => {
    // `demo`: other clients spend the source's GraphQL points, 2 a second. 720 s on, octocat's are spent until the
    // window resets (1,080 s later): the move's validation is refused, as GitHub does (RATE_LIMITED).
    const sim = simOf(page);
    await sim.reset('demo');
    await sim.advance(720);
    const limits = (await (await page.request.get(`${base}/api/github/rate_limit`)).json()) as {
      resources: { graphql: { remaining: number; reset: number } };
    };
    expect(limits.resources.graphql.remaining).toBe(0);
    const resetMs = limits.resources.graphql.reset * 1_000;

    await page.goto(`${base}/moves`);
    await page.getByRole('textbox', { name: 'Name pattern' }).fill('hello-world');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('status', { name: 'Preview summary' })).toContainText('1 ready');
    // The budget as the gateway last read it (its minute `/rate_limit` sample: taken before the clock was moved on,
    // it may still say 5,000), its reset, and what validation leaves of it.
    await expect(
      page
        .getByRole('list', { name: 'Cost' })
        .getByRole('listitem')
        .filter({ hasText: 'Source GraphQL budget' }),
    ).toHaveText(
      /^Source GraphQL budget: [\d,]+ of 5,000 points left now \(it resets at [^)]+\)\. (?:[\d,]+ would be left after validation|Not enough: [\d,]+ short, so validation would wait for the reset)\.$/,
    );
    await page.getByRole('button', { name: 'Start move' }).click();
    await expect(page).toHaveURL(/\/moves\/[A-Za-z0-9-]+$/);
    const id = page.url().split('/').pop() ?? '';

    // The clock moved on in steps small enough to stay inside the spent window, until the move waits.
    const advanced = await advanceUntil(
      sim.advance,
      async () => (await moveRecord(page.request, id, base)).waiting !== undefined,
      { step: 10, timeout: 45_000 },
    );
    expect(advanced, 'simulated seconds moved on before the reset').toBeLessThan(1_000);
    const [move, simNow] = await Promise.all([
      moveRecord(page.request, id, base),
      page.request
        .get(`${base}/__sim/state`)
        .then(async (state) => Date.parse(((await state.json()) as { now: string }).now)),
    ]);
    expect(move.waiting?.for).toBe('the source’s GraphQL budget');
    // The reset on the simulated clock, taken as real time from now (SIM_SPEED 1), not GitHub's epoch read as ours.
    const until = Date.parse(move.waiting?.until ?? '');
    expect(
      Math.abs(until - (Date.now() + resetMs - simNow)),
      'ms between the wait and the reset',
    ).toBeLessThan(30_000);
    const clock = await page.evaluate(
      (ms) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(ms),
      until,
    );
    const row = rowOf(page, 'hello-world');
    await expect(row).toContainText('Validating');
    await expect(row).toContainText(`Waiting for the source’s GraphQL budget until ${clock}`);
  });

  // One move for both checks: the lane's budget is short.
  test('a move whose imports GitHub failed: each row opens its migration log, and “Retry all failed” asks, then sends them back to work', async ({
    page,
  }) => {
    const sim = simOf(page);
    await sim.reset('quiet');
    const id = await startMove(page, base, 'octo-*');
    // Set after the start's pre-flight (which would have refused the move): GitHub's Git step meets the ruleset.
    await sim.quirks({ rulesets: [BLOCKING_RULESET] });
    await page.goto(`${base}/moves/${id}`);
    const retryAll = page.getByRole('button', { name: 'Retry all failed (2)' });
    await advanceUntil(sim.advance, () => retryAll.isVisible(), { step: 30, timeout: 40_000 });

    await test.step('the migration log opens from the failed row', async () => {
      const row = rowOf(page, 'octo-api');
      await expect(row).toContainText('Failed');
      await expect(row).toContainText('GH013: Repository rule violations found');
      await expect(row).toContainText('Retry once fixed.');
      const log = row.getByRole('link', { name: 'Migration log of octo-api' });
      await expect(log).toHaveAttribute('href', `/api/moves/${id}/repositories/octo-api/log`);
      const opened = page.waitForEvent('popup');
      const served = page
        .context()
        .waitForEvent('response', (response) => response.url().endsWith('/octo-api/log'));
      await log.click();
      const [popup, answer] = await Promise.all([opened, served]);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8');
      const text = popup.locator('body');
      await expect(text).toContainText(/Migration RM_\S+ of .+ into octo-target\/octo-api/);
      await expect(text).toContainText('State: FAILED');
      await expect(text).toContainText(
        'Failure: Git source migration failed. Please check the Migration Log',
      );
      await popup.close();
    });

    await test.step('“Retry all failed” lists the repositories and the cost, then sends them back to work', async () => {
      // Fixed as the remedy says: the ruleset lets Repository migrations bypass.
      await sim.quirks({ rulesets: [{ ...BLOCKING_RULESET, migrationsBypass: 'exempt' }] });
      await retryAll.click();
      const dialog = page.getByRole('dialog', { name: 'Retry 2 repositories?' });
      await expect(dialog.getByRole('listitem')).toHaveText(['octo-api', 'octo-web']);
      await expect(dialog).toContainText('2 archives Ferry holds uploaded again');
      await expect(dialog).toContainText(
        '2 imports started again on the target: one GraphQL start each (1 point)',
      );
      await expect(dialog).toContainText('Validation: one count query per 50 repositories on each side.');
      await dialog.getByRole('button', { name: 'Retry them' }).click();

      await expect(page.getByRole('status', { name: 'What many at once did' })).toHaveText(
        'Retried 2 repositories.',
      );
      await expect(page.getByRole('button', { name: 'Retry all failed (0)' })).toBeDisabled();
      for (const name of ['octo-api', 'octo-web']) await expect(rowOf(page, name)).toContainText(IN_FLIGHT);
      // Back at work to the end: imported, validated and unlocked.
      const completed = page.getByText('Completed', { exact: true });
      await advanceUntil(sim.advance, () => completed.isVisible(), { step: 60, timeout: 45_000 });
      for (const name of ['octo-api', 'octo-web']) await expect(rowOf(page, name)).toContainText('Done');
    });
  });
});

test.describe('with several target credentials', () => {
  /**
   * The standalone simulator and a gateway given two classic target tokens (octocat's, an owner's, as `default`;
   * monalisa's, a migrator's scopes) and a fine-grained one, as a team configures them (docs/moves.md).
   */
  let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
  let gateway: (Proc & { dataDir: string }) | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    sim = await startSimulator({ speed: 1, scenario: 'quiet' });
    gateway = await ownGateway({
      GITHUB_API_URL: `${sim.url}/api/v3`,
      GITHUB_STORAGE_ORIGINS: [sim.storageOrigin, sim.targetOrigin].join(','),
      GITHUB_TOKEN: SIM_TOKEN,
      TARGET_GITHUB_API_URL: sim.targetOrigin,
      TARGET_GITHUB_UPLOADS_URL: `${sim.targetOrigin}/uploads`,
      TARGET_GITHUB_TOKEN: TARGET_TOKENS.octocat,
      TARGET_GITHUB_TOKEN_MONALISA: TARGET_TOKENS.monalisa,
      TARGET_GITHUB_TOKEN_FINE_GRAINED: TARGET_TOKENS.fineGrained,
    });
  });

  test.afterAll(async () => {
    await stopOwn(gateway);
    await stopProcess(sim?.child);
  });

  /** The target's GraphQL with `token`, as GitHub.com answers it (no gateway between). */
  async function targetGraphql<T>(request: APIRequestContext, token: string, query: string, variables = {}) {
    const response = await request.post(`${sim?.targetOrigin}/graphql`, {
      headers: { authorization: `Bearer ${token}` },
      data: { query, variables },
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  }
  const usedBy = async (request: APIRequestContext, token: string) =>
    (await targetGraphql<{ rateLimit: { used: number } }>(request, token, 'query { rateLimit { used } }'))
      .rateLimit.used;

  test('a move starts with the target credential chosen on the form, records it and spends its points', async ({
    page,
  }) => {
    // The suite's gateway has one credential a side: nothing to choose.
    await page.goto('/moves');
    await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
    await expect(page.getByRole('combobox', { name: 'Target credential' })).toHaveCount(0);

    // An owner grants monalisa the migrator role, as `gh gei grant-migrator-role` does.
    const { organization } = await targetGraphql<{ organization: { id: string } }>(
      page.request,
      TARGET_TOKENS.octocat,
      'query { organization(login: "octo-target") { id } }',
    );
    await targetGraphql(
      page.request,
      TARGET_TOKENS.octocat,
      'mutation($org: ID!) { grantMigratorRole(input: { organizationId: $org, actor: "monalisa", actorType: USER }) { success } }',
      { org: organization.id },
    );

    const base = gateway?.url ?? '';
    await page.goto(`${base}/moves`);
    // A live target: its organization is typed (the embedded simulator's is filled in).
    await page.getByRole('textbox', { name: 'Target organization' }).fill('octo-target');
    const picker = page.getByRole('combobox', { name: 'Target credential' });
    await expect(picker).toHaveText('default — Personal access token (classic)');
    await picker.click();
    const options = page.getByRole('listbox', { name: 'Target credential' });
    // GEI refuses fine-grained tokens: offered, disabled, with the reason.
    await expect(options.getByRole('option', { name: /^fine-grained/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await options.getByRole('option', { name: /^monalisa/ }).click();
    await expect(picker).toHaveText('monalisa — Personal access token (classic)');

    await page.getByRole('textbox', { name: 'Name pattern' }).fill('hello-world');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('list', { name: 'Token checks' })).toContainText(
      /Target — monalisa \(Personal access token \(classic\)\), for .*: able/,
    );
    await expect(page.getByRole('list', { name: 'Cost' })).toContainText('Target (monalisa):');
    const usedBefore = await usedBy(page.request, TARGET_TOKENS.monalisa);
    await page.getByRole('button', { name: 'Start move' }).click();
    await expect(page).toHaveURL(/\/moves\/[A-Za-z0-9-]+$/);
    const id = page.url().split('/').pop() ?? '';
    expect((await moveRecord(page.request, id, base)).target.credential).toBe('monalisa');

    const advance = (seconds: number) =>
      control(page.request, sim?.url ?? '', 'advance', 'advance', { seconds });
    const completed = page.getByText('Completed', { exact: true });
    await advanceUntil(advance, () => completed.isVisible(), { step: 30, timeout: 45_000 });
    await expect(rowOf(page, 'hello-world')).toContainText('Done');
    // What the move sent to the target was sent with monalisa's token: her points paid for it.
    const { requests } = await moveRecord(page.request, id, base);
    expect(requests.targetPoints).toBeGreaterThan(0);
    expect(await usedBy(page.request, TARGET_TOKENS.monalisa)).toBeGreaterThanOrEqual(
      usedBefore + requests.targetPoints,
    );
  });
});
