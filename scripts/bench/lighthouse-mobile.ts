import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { startBenchGateway } from './bench-browser';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { REFERENCE_PAGES, withReferenceServer } from './reference-pages';
import { verdict, type BenchFigure, type BenchRow } from './types';

const SCORE_GOAL = 95;
/** The slowest machine the goal must hold on, in Lighthouse's benchmark index (issue 24). */
const SLOWEST_INDEX = 1_300;
/**
 * Lighthouse's mobile defaults (slow 4G, 4× CPU), with the CPU slowdown as a parameter: Lighthouse simulates
 * throttling from an unthrottled trace, so 4 × (this machine's index ÷ 1,300) scores the page as a machine of
 * index 1,300 would (the adjustment Lighthouse's own docs give for machines of different speed).
 */
const mobileThrottling = (cpuSlowdownMultiplier: number) => ({
  rttMs: 150,
  throughputKbps: 1_638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1_474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier,
});

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
  const figures = `${score} / ${seconds('first-contentful-paint')} s / ${seconds('largest-contentful-paint')} s / ${tbt} ms (${index.toLocaleString('en-US')})`;
  // An audit that failed scores nothing: say why instead of printing NaN (seen once on the migrations list).
  if (Number.isFinite(score)) return figures;
  const failed = Object.values(lhr?.audits ?? {}).find((audit) => audit.errorMessage)?.errorMessage;
  return `no score: ${lhr?.runtimeError?.message ?? failed ?? 'Lighthouse returned no result'} — ${figures}`;
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
    const audit = async (url: string, cpuSlowdown = 4) =>
      (
        await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
          throttling: mobileThrottling(cpuSlowdown),
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
      rows.push(...(await asOnTheSlowestMachine(context, references[1], audit, server.origin)));
      return rows;
    } finally {
      chrome.kill();
      await server.close();
    }
  },
};

/**
 * Every page again as a machine of benchmark index 1,300 would score it: the CPU slowdown scaled by this
 * machine's index (read from the React + MUI reference's audit), the reference audited the same way first.
 */
async function asOnTheSlowestMachine(
  context: Parameters<BenchFigure['run']>[0],
  reference: Lhr | undefined,
  audit: (url: string, cpuSlowdown: number) => Promise<Lhr | undefined>,
  origin: string,
): Promise<BenchRow[]> {
  const index = reference?.environment.benchmarkIndex ?? Number.NaN;
  if (!Number.isFinite(index)) throw new Error('Lighthouse gave no benchmark index for the reference page');
  const slowdown = Math.max(4, (4 * index) / SLOWEST_INDEX);
  const label = `as at benchmark index ${SLOWEST_INDEX.toLocaleString('en-US')} (CPU ${slowdown.toFixed(1)}×)`;
  const how = `Lighthouse's mobile defaults with the CPU slowdown 4 × this machine's index (${Math.round(index).toLocaleString('en-US')}, from the React + MUI reference's audit) ÷ ${SLOWEST_INDEX.toLocaleString('en-US')}: its simulated throttling scales the observed tasks, so this is the score a machine of index ${SLOWEST_INDEX.toLocaleString('en-US')} would get; the benchmark index printed is this machine's`;
  context.log(`lighthouse: ${label}`);
  const rows: BenchRow[] = [];
  const referencePage = await withReferenceServer(context, async (referenceOrigin) =>
    audit(`${referenceOrigin}${REFERENCE_PAGES.react.address}`, slowdown),
  );
  rows.push({
    figure: `Lighthouse mobile ${label}, React + MUI reference: score / FCP / LCP / TBT`,
    value: summary(referencePage),
    goal: '—',
    verdict: '—',
    how,
  });
  for (const [name, path] of PAGE_TOUR.slice(0, context.size(PAGE_TOUR.length, 1))) {
    context.log(`lighthouse: ${name} (${path}), ${label}`);
    const lhr = await audit(`${origin}${path}`, slowdown);
    const score = Math.round((lhr?.categories.performance?.score ?? Number.NaN) * 100);
    const tbt = Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    rows.push({
      figure: `Lighthouse mobile ${label}, ${name}: score / FCP / LCP / TBT`,
      value: summary(lhr),
      goal: '≥ 95, TBT ≤ 200 ms',
      verdict: verdict(
        score >= SCORE_GOAL && tbt <= 200,
        `${Math.max(0, SCORE_GOAL - score)} points, TBT ${tbt} ms`,
      ),
      how: `${path}; ${how}`,
    });
  }
  return rows;
}
