import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { NEEDS_ROLE } from '../../src/contracts/session';
import {
  GATEWAY_START_MS,
  gatewayNodeArgs,
  stopProcess,
  untilPrinted,
} from '../../src/testing/gateway-process';
import { expect, expectAccessible, test } from './fixtures';

/**
 * Sign-in with GitHub in a real browser (issue 51), against a gateway of this spec's own started with
 * `FERRY_AUTH=github` on the embedded simulator (the suite's gateway signs nobody in): no session shows only the
 * sign-in panel; its link goes through the simulated authorize page and back to the page it left, signed in as
 * octocat (admin); sign-out ends the session on the server; hubot (a member) is a viewer whose preview is refused
 * with the role it needs; a refused sign-in says why; and on a phone in the dark scheme the panel and the app bar
 * fit. The HTTP-level flow (PKCE, state, cookies, monalisa's self-service): src/server/auth/sign-in-flow.test.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let gateway: ChildProcess | undefined;
let dataDir: string | undefined;
let origin = '';

/** A port no one listens on now (the kernel's pick, released at once for the gateway to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(GATEWAY_START_MS + 10_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-sign-in-'));
  let printed = '';
  gateway = spawn(process.execPath, gatewayNodeArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FERRY_AUTH: 'github',
      FERRY_PUBLIC_URL: origin,
      FERRY_DIST: process.env.FERRY_DIST ?? 'dist',
      DATA_DIR: dataDir,
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  gateway.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  gateway.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  await untilPrinted(gateway, () => printed, 'Ferry is running at');
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await stopProcess(gateway);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Every page, request and simulator reset of these tests goes to this spec's gateway (started before any test).
test.use({ baseURL: async ({}, use) => use(origin) });

const signInPanel = (page: Page) => page.getByRole('region', { name: 'Sign in to Ferry' });
/** Who is signed in and Sign out: in the app bar from `md` up, in the popover of one button below. */
const signedIn = (page: Page) => page.getByRole('group', { name: 'Signed in', exact: true });

async function signInAs(page: Page, login: 'octocat' | 'hubot') {
  await page.goto(`/auth/login?login=${login}&return=/moves`);
  await expect(page).toHaveURL(`${origin}/moves`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
}

/** Neither the page nor the app bar (fixed: its overflow does not widen the page) reaches past the viewport. */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    toolbar: Math.max(
      0,
      ...[...document.querySelectorAll('header *')].map(
        (element) => element.getBoundingClientRect().right - document.documentElement.clientWidth,
      ),
    ),
  }));
  expect(overflow, 'px past the viewport’s right edge').toEqual({ page: 0, toolbar: 0 });
}

test('not signed in: /moves shows only the sign-in panel, axe clean', async ({ page }) => {
  await page.goto('/moves');
  const panel = signInPanel(page);
  await expect(panel.getByRole('heading', { level: 1, name: 'Sign in to Ferry' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Sign in with GitHub' })).toHaveAttribute(
    'href',
    '/auth/login?return=%2Fmoves',
  );
  await expect(page.getByRole('heading', { name: 'Moves' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await expect(signedIn(page)).toHaveCount(0);
  expect((await page.request.get('/api/moves')).status()).toBe(401);
  await expectAccessible(page);
});

test('signs octocat in from the panel and back to /moves; sign-out ends the session on the server', async ({
  page,
}) => {
  await page.goto('/moves');
  await signInPanel(page).getByRole('link', { name: 'Sign in with GitHub' }).click();
  await expect(page).toHaveURL(`${origin}/moves`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
  const badge = signedIn(page);
  await expect(badge.getByText('octocat · Admin', { exact: true })).toBeVisible();
  await expect(badge.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(signInPanel(page)).toHaveCount(0);
  await expectAccessible(page);
  const session = await page.request.get('/api/session');
  expect(session.status()).toBe(200);
  expect(await session.json()).toMatchObject({ login: 'octocat', role: 'admin', auth: 'github' });

  await badge.getByRole('button', { name: 'Sign out' }).click();
  await expect(signInPanel(page).getByRole('heading', { name: 'Sign in to Ferry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moves' })).toHaveCount(0);
  await expect(signedIn(page)).toHaveCount(0);
  expect((await page.request.get('/api/session')).status()).toBe(401);
});

test('the old session cookie no longer reads once signed out', async ({ page, context }) => {
  await signInAs(page, 'octocat');
  const [cookie] = (await context.cookies(origin)).filter((entry) => entry.name === 'ferry_session');
  expect(cookie?.httpOnly).toBe(true);
  await signedIn(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(signInPanel(page)).toBeVisible();
  // The browser forgot it; the server too: the same value sent again is refused.
  const replayed = await page.request.get('/api/session', {
    headers: { cookie: `ferry_session=${cookie!.value}` },
  });
  expect(replayed.status()).toBe(401);
});

test('hubot signs in as a viewer: a preview is refused with the role it needs', async ({ page }) => {
  await signInAs(page, 'hubot');
  await expect(signedIn(page).getByText('hubot · Viewer', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('octo-target');
  await page.getByRole('button', { name: 'Preview' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Preview:' });
  await expect(refusal).toContainText('Preview: Permission denied');
  await expect(refusal).toContainText(NEEDS_ROLE.write);
  await expect(page.getByRole('status', { name: 'Preview summary' })).toHaveCount(0);
});

test('a refused sign-in says why on the panel', async ({ page }) => {
  await page.goto('/?signin=used');
  const panel = signInPanel(page);
  await expect(panel.getByRole('alert')).toHaveText(
    'That sign-in link was already used or has expired. Sign in again.',
  );
  // The reason is not carried back into the next sign-in's return address.
  await expect(panel.getByRole('link', { name: 'Sign in with GitHub' })).toHaveAttribute(
    'href',
    '/auth/login?return=%2F',
  );
  await expectAccessible(page);
});

test.describe('on a phone in the dark scheme', () => {
  test.use({ viewport: { width: 360, height: 800 }, colorScheme: 'dark' });

  test('the sign-in panel and the signed-in app bar fit 360 px, axe clean', async ({ page }) => {
    await page.goto('/moves');
    await expect(signInPanel(page).getByRole('heading', { name: 'Sign in to Ferry' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSidewaysOverflow(page);
    await expectAccessible(page);

    await signInPanel(page).getByRole('link', { name: 'Sign in with GitHub' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
    // The app bar has room for one button: who is signed in is its name, and it opens the rest.
    const account = page.getByRole('banner').getByRole('button', { name: 'Signed in: octocat · Admin' });
    await expect(account).toBeVisible();
    await expectNoSidewaysOverflow(page);
    await expectAccessible(page);

    await account.click();
    await expect(signedIn(page).getByText('octocat · Admin', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await signedIn(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(signInPanel(page).getByRole('heading', { name: 'Sign in to Ferry' })).toBeVisible();
    await expect(account).toHaveCount(0);
  });
});
