import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { chromium } from 'playwright-core';
import { startGateway } from '@/testing/node-servers';
import { coldAndWarm, sharedReferenceRender } from './reference-pages';
import { ms, times } from './stats';
import { verdict, type BenchFigure } from './types';

const GOAL_MS = 1_000;

/**
 * Headless Chromium opens /rate-limits from the production build served by the real gateway (embedded
 * simulator) on loopback; the time is the page's own clock (performance.now(), from navigation start) when
 * the core card is visible. Cold: a fresh browser context (empty cache) each run; warm: a reload. The same
 * loads of the reference pages (reference-pages.ts) give the ratios, which carry from machine to machine.
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
      context.log(`render: ${RUNS} cold and ${RUNS} warm loads in headless Chromium`);
      const ferry = await coldAndWarm(browser, `${server.origin}/rate-limits`, RUNS);
      const reference = await sharedReferenceRender(context, browser);
      return [
        {
          figure: 'Rendered rate-limits page, cold: median / worst',
          value: `${ms(ferry.cold, 0)} / ${ms(ferry.coldWorst, 0)}`,
          goal: '≤ 1 s',
          verdict: verdict(ferry.cold <= GOAL_MS, ms(ferry.cold - GOAL_MS, 0)),
          how: `headless Chromium, production build via the gateway on loopback, new context (empty cache) × ${RUNS}; navigation start → core card visible`,
        },
        {
          figure: 'Rendered rate-limits page, warm reload: median',
          value: ms(ferry.warm, 0),
          goal: '≤ 1 s',
          verdict: verdict(ferry.warm <= GOAL_MS),
          how: 'same, after a reload (hashed assets cached as immutable)',
        },
        {
          figure: 'Reference pages, cold / warm: static page; React + MUI page',
          value: `${ms(reference.cold.static, 0)} / ${ms(reference.warm.static, 0)}; ${ms(reference.cold.react, 0)} / ${ms(reference.warm.react, 0)}`,
          goal: '—',
          verdict: '—',
          how: 'the same loads of scripts/bench/reference-page (HTML only; React 19 + MUI 9 with one card fed by fetch) served by the same gateway, this run, this machine',
        },
        {
          figure: 'Rendered rate-limits page ÷ React + MUI reference: cold / warm',
          value: `${times(ferry.cold, reference.cold.react)} / ${times(ferry.warm, reference.warm.react)}`,
          goal: '—',
          verdict: '—',
          how: 'the medians above divided: what Ferry (router, query cache, its pages and data) costs over the floor of its stack',
        },
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
