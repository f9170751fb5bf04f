import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { storeTemplateDir } from '../../scripts/store-template-dir';
import { gatewayNodeArgs } from '../../src/testing/gateway-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const executablePath = CHROMIUM_PATH;
if (!existsSync(executablePath)) {
  throw new Error(`Chromium not found at ${executablePath}; run: apt-get install -y chromium`);
}
const PORT = Number(process.env.E2E_PORT ?? 4173);
// Every gateway the specs start (this webServer, the wave pairs) copies one initdb folder for its new store.
process.env.FERRY_STORE_TEMPLATE_DIR ??= storeTemplateDir(path.resolve(import.meta.dirname, '../..'));

/** End-to-end: the production build served by the real gateway on the embedded simulator. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  // `npm test` runs Playwright beside the team suites (scripts/test-all.sh): a page takes longer to answer on a
  // busy 2-core machine. Timeouts catch hangs; speed is the benchmarks' job.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: `../../test-results/${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    // A failed test keeps a screenshot of its end; its retry (CI) records a trace (actions, DOM snapshots,
    // network). Recording every test cost a third of the suite's CPU with the screencast (four specs: 208 → 142
    // CPU-s without any trace) and a tenth without it (156), on 2 cores shared with every other pass.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The bundle `npm test` built (FERRY_BUILT_GATEWAY), as `npm start` runs it; on its own, the source via tsx.
    command: `node ${gatewayNodeArgs().join(' ')}`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '1',
      // A move's running imports are looked at each second (15 s by default, GitHub's pace): the specs move the
      // simulated clock on, and each look they wait for was up to 15 real seconds away.
      MOVE_POLL_MS: '1000',
      FERRY_DIST: process.env.FERRY_DIST ?? 'dist',
      // A fresh store per run: never the working copy's ./data.
      DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ferry-e2e-data-')),
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
