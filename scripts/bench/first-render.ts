import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { chromium, type Page } from 'playwright-core';
import { startGateway } from '@/testing/node-servers';
import { ms, percentile, sortedCopy } from './stats';
import { verdict, type BenchFigure } from './types';

const GOAL_MS = 1_000;

/**
 * Headless Chromium opens /rate-limits from the production build served by the real gateway (embedded
 * simulator) on loopback; the time is the page's own clock (performance.now(), from navigation start) when
 * the core card is visible. Cold: a fresh browser context (empty cache) each run; warm: a reload.
 */
export const firstRender: BenchFigure = {
  id: 'render',
  title: 'Time to a rendered rate-limits page',
  async run(context) {
    const RUNS = context.size(10, 1);
    const dist = await context.distDir();
    const server = await startGateway({ SIM_SCENARIO: 'quiet' }, { staticRoot: dist });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const cold: number[] = [];
      const warm: number[] = [];
      const rendered = async (page: Page) => {
        await page.getByRole('region', { name: 'core', exact: true }).waitFor({ state: 'visible' });
        return page.evaluate(() => performance.now());
      };
      context.log(`render: ${RUNS} cold and ${RUNS} warm loads in headless Chromium`);
      for (let run = 0; run < RUNS + 1; run += 1) {
        const browserContext = await browser.newContext();
        const page = await browserContext.newPage();
        await page.goto(`${server.origin}/rate-limits`);
        const coldMs = await rendered(page);
        await page.reload();
        const warmMs = await rendered(page);
        await browserContext.close();
        if (run === 0) continue; // the first run warms the browser process itself
        cold.push(coldMs);
        warm.push(warmMs);
      }
      const coldSorted = sortedCopy(cold);
      const warmSorted = sortedCopy(warm);
      const median = percentile(coldSorted, 50);
      return [
        {
          figure: 'Rendered rate-limits page, cold: median / worst',
          value: `${ms(median, 0)} / ${ms(coldSorted.at(-1) ?? Number.NaN, 0)}`,
          goal: '≤ 1 s',
          verdict: verdict(median <= GOAL_MS, ms(median - GOAL_MS, 0)),
          how: `headless Chromium, production build via the gateway on loopback, new context (empty cache) × ${RUNS}; navigation start → core card visible`,
        },
        {
          figure: 'Rendered rate-limits page, warm reload: median',
          value: ms(percentile(warmSorted, 50), 0),
          goal: '≤ 1 s',
          verdict: verdict(percentile(warmSorted, 50) <= GOAL_MS),
          how: 'same, after a reload (hashed assets cached as immutable)',
        },
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
