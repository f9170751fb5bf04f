import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { startBenchGateway } from './bench-browser';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { verdict, type BenchFigure } from './types';

const SCORE_GOAL = 95;

/** The part of Lighthouse's `largest-contentful-paint-element` details this figure reads. */
type LcpElementDetails =
  { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
const FCP_GOAL_MS = 1_800;

/**
 * Lighthouse 12's mobile performance audit (its defaults: a mid-range phone, simulated slow 4G throttling) of
 * every page, the production build served by the gateway with the embedded simulator, Debian's Chromium.
 */
export const lighthouseMobile: BenchFigure = {
  id: 'lighthouse',
  title: 'Lighthouse mobile performance per page',
  async run(context) {
    const dist = await context.distDir();
    const server = await startBenchGateway(dist);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
    });
    try {
      await seedPageTour(server.origin);
      const rows = [];
      for (const [name, path] of PAGE_TOUR.slice(0, context.size(PAGE_TOUR.length, 1))) {
        context.log(`lighthouse: ${name} (${path})`);
        const result = await lighthouse(`${server.origin}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const lhr = result?.lhr;
        const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
        const fcp = lhr?.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
        const lcp = lhr?.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        const tbt = lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN;
        const ok = score >= SCORE_GOAL && fcp <= FCP_GOAL_MS;
        // Which element was the largest paint: a page's own description drawn at build time keeps LCP at the
        // first paint; an element drawn later from data (larger than it) moves LCP behind the script.
        const lcpItems = (lhr?.audits['largest-contentful-paint-element']?.details as LcpElementDetails)
          ?.items;
        const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
        rows.push({
          figure: `Lighthouse mobile, ${name}: score / FCP / LCP / TBT`,
          value: `${score} / ${(fcp / 1000).toFixed(1)} s / ${(lcp / 1000).toFixed(1)} s / ${Math.round(tbt)} ms`,
          goal: '≥ 95, FCP ≤ 1.8 s',
          verdict: verdict(
            ok,
            score < SCORE_GOAL
              ? `${SCORE_GOAL - score} points`
              : `${Math.round(fcp - FCP_GOAL_MS)} ms of FCP`,
          ),
          how: `Lighthouse ${lhr?.lighthouseVersion ?? '12'} (performance only, mobile defaults: simulated throttling) on ${path}, production build via the gateway + simulator on loopback, Debian Chromium headless; largest paint: ${lcpNode?.nodeLabel?.slice(0, 60) ?? 'unknown'} (${lcpNode?.selector ?? '?'})`,
        });
      }
      return rows;
    } finally {
      chrome.kill();
      await server.close();
    }
  },
};
