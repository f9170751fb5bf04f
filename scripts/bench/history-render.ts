import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { chromium } from 'playwright-core';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { startGateway } from '@/testing/node-servers';
import { ms, percentile, sortedCopy } from './stats';
import { daysOfHistory } from './store-history';
import { verdict, type BenchFigure } from './types';

const GOAL_MS = 1_000;

/**
 * The rate-limits page opened cold on a gateway whose store holds 30 days of history (ten categories, a
 * reading a minute for the last day, one per 5 minutes before): navigation start → the core card's usage chart
 * visible, in headless Chromium on the production build.
 */
export const historyRender: BenchFigure = {
  id: 'history-render',
  title: 'Rate-limits page with 30 days of history',
  async run(context) {
    const RUNS = context.size(8, 1);
    const DAYS = context.size(30, 2);
    const dist = await context.distDir();
    const dir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-history-'));
    const store = createFerryStore(await openStore({ dataDir: dir }));
    const seed = daysOfHistory(Date.now() - 60_000, DAYS);
    for (let index = 0; index < seed.length; index += 2_000)
      await store.rateHistory.record(seed.slice(index, index + 2_000));
    const server = await startGateway({ SIM_SCENARIO: 'quiet' }, { staticRoot: dist, store });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const cold: number[] = [];
      context.log(`history-render: ${seed.length} readings, ${RUNS} cold loads`);
      for (let run = 0; run < RUNS + 1; run += 1) {
        const browserContext = await browser.newContext();
        const page = await browserContext.newPage();
        await page.goto(`${server.origin}/rate-limits`);
        await page
          .getByRole('region', { name: 'core', exact: true })
          .getByRole('figure')
          .waitFor({ state: 'visible', timeout: 30_000 });
        const at = await page.evaluate(() => performance.now());
        await browserContext.close();
        if (run > 0) cold.push(at); // the first run warms the browser process itself
      }
      const sorted = sortedCopy(cold);
      const median = percentile(sorted, 50);
      return [
        {
          figure: `Rate-limits page with ${DAYS} days of history, cold: median / worst`,
          value: `${ms(median, 0)} / ${ms(sorted.at(-1) ?? Number.NaN, 0)}`,
          goal: '≤ 1 s',
          verdict: verdict(median <= GOAL_MS, ms(median - GOAL_MS, 0)),
          how: `headless Chromium, new context × ${RUNS}, navigation start → the core card's usage chart visible; the gateway's embedded store holds ${seed.length.toLocaleString('en-US')} readings`,
        },
      ];
    } finally {
      await browser.close();
      server.runtime.memory.watcher?.stop();
      await server.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
