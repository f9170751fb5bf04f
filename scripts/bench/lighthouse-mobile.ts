import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { startBenchGateway } from './bench-browser';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { REFERENCE_PAGES, withReferenceServer } from './reference-pages';
import { verdict, type BenchFigure, type BenchRow } from './types';

const SCORE_GOAL = 95;

/** The part of Lighthouse's `largest-contentful-paint-element` details this figure reads. */
type LcpElementDetails =
  { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
const FCP_GOAL_MS = 1_800;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** `score / FCP / LCP / TBT (benchmark index)` of one audit. */
function summary(lhr: Lhr | undefined): string {
  const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
  const seconds = (audit: string) => ((lhr?.audits[audit]?.numericValue ?? Number.NaN) / 1000).toFixed(1);
  const tbt = Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN);
  const index = Math.round(lhr?.environment.benchmarkIndex ?? Number.NaN);
  return `${score} / ${seconds('first-contentful-paint')} s / ${seconds('largest-contentful-paint')} s / ${tbt} ms (${index.toLocaleString('en-US')})`;
}

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
    const audit = async (url: string) =>
      (
        await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        })
      )?.lhr;
    try {
      const rows: BenchRow[] = [];
      // The references first, in the same browser: what this machine scores with no script, and with the floor
      // of Ferry's stack. Lighthouse's benchmark index says how fast this machine's CPU was during the run.
      context.log('lighthouse: the reference pages');
      const references = await withReferenceServer(context, async (origin) => [
        await audit(`${origin}${REFERENCE_PAGES.static.address}`),
        await audit(`${origin}${REFERENCE_PAGES.react.address}`),
      ]);
      rows.push({
        figure:
          'Lighthouse mobile, references: static page; React + MUI page: score / FCP / LCP / TBT (benchmark index)',
        value: references.map(summary).join('; '),
        goal: '—',
        verdict: '—',
        how: 'the reference pages (scripts/bench/reference-page) served by the same gateway, audited as Ferry below; Lighthouse’s benchmark index is its CPU measure of this machine during the audit (the goal holds at ≥ 1,300)',
      });
      await seedPageTour(server.origin);
      for (const [name, path] of PAGE_TOUR.slice(0, context.size(PAGE_TOUR.length, 1))) {
        context.log(`lighthouse: ${name} (${path})`);
        const lhr = await audit(`${server.origin}${path}`);
        const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
        const fcp = lhr?.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
        const ok = score >= SCORE_GOAL && fcp <= FCP_GOAL_MS;
        // Which element was the largest paint: a page's own description drawn at build time keeps LCP at the
        // first paint; an element drawn later from data (larger than it) moves LCP behind the script.
        const lcpItems = (lhr?.audits['largest-contentful-paint-element']?.details as LcpElementDetails)
          ?.items;
        const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
        rows.push({
          figure: `Lighthouse mobile, ${name}: score / FCP / LCP / TBT (benchmark index)`,
          value: summary(lhr),
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
