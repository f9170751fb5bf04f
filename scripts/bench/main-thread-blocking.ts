import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, startBenchGateway } from './bench-browser';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { REFERENCE_PAGES, withReferenceServer } from './reference-pages';
import { percentile, sortedCopy, times } from './stats';
import { blockingBreakdown, type TraceEvent } from './trace-breakdown';
import { verdict, type BenchFigure, type BenchRow } from './types';

/** Lighthouse's mobile CPU slowdown, and the part of a task that does not block. */
const SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

/**
 * Blocking time from a Chromium trace, weighted as Lighthouse's mobile audit weighs it: each main-thread task
 * after the first contentful paint counts for `4 × duration − 50 ms` when that is positive. Observed tasks on
 * this machine, not Lighthouse's simulation, so it moves less from run to run than its TBT. `wholeMs`: the
 * same weighting over every task of the load, before the paint too: a page that paints only once its script
 * has run (the React + MUI reference) blocks before its first paint, not after it.
 */
export function blockingFromTrace(events: readonly TraceEvent[]): {
  blockingMs: number;
  longestMs: number;
  wholeMs: number;
  /** Every main-thread task's time after the paint, unweighted: the work itself, steadier than the blocking. */
  busyMs: number;
} {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint)
    return { blockingMs: Number.NaN, longestMs: Number.NaN, wholeMs: Number.NaN, busyMs: Number.NaN };
  let blockingMs = 0;
  let busyMs = 0;
  let longestMs = 0;
  let wholeMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    if (event.pid !== paint.pid || event.tid !== paint.tid) continue;
    const durationMs = (event.dur ?? 0) / 1000;
    const weighted = Math.max(0, SLOWDOWN * durationMs - BLOCKING_AFTER_MS);
    wholeMs += weighted;
    if (event.ts < paint.ts) continue;
    busyMs += durationMs;
    longestMs = Math.max(longestMs, durationMs);
    blockingMs += weighted;
  }
  return { blockingMs, longestMs, wholeMs, busyMs };
}

/** Blocking at most this many times the React + MUI reference's, on every page (issue 24). */
const RATIO_GOAL = 1.5;
/**
 * The denominator's floor: one task's allowance. A reference that blocks 0 ms would make any ratio infinite;
 * a page within 50 ms of blocking is within Lighthouse's noise anyway.
 */
const REFERENCE_FLOOR_MS = BLOCKING_AFTER_MS;

interface Blocking {
  median: number;
  /** Mean per load of where the blocking tasks after the paint spent their time, the four largest. */
  spent: string;
  /** Median of the whole load's weighted tasks (before the first paint too). */
  whole: number;
  worst: number;
  longest: number;
}

/** One traced load of `url` at a phone's viewport, watched `watchMs`; `breakdown`: the blocking tasks' time by event. */
export async function traceOneLoad(
  browser: Browser,
  url: string,
  watchMs: number,
  tracePath: string,
): Promise<ReturnType<typeof blockingFromTrace> & { breakdown: { name: string; ms: number }[] }> {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  try {
    await page.goto(`${new URL(url).origin}/favicon.svg`);
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url);
    await page.waitForTimeout(watchMs);
    await browser.stopTracing();
    const trace = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    return {
      ...blockingFromTrace(trace.traceEvents),
      breakdown: blockingBreakdown(trace.traceEvents, BLOCKING_AFTER_MS / SLOWDOWN),
    };
  } finally {
    await page.close();
  }
}

/** `loads` traced loads of `url` at a phone's viewport, each watched `watchMs`: medians of blocking. */
async function measureBlocking(
  browser: Browser,
  url: string,
  loads: number,
  watchMs: number,
  tracePath: string,
): Promise<Blocking> {
  const blocking: number[] = [];
  const longest: number[] = [];
  const whole: number[] = [];
  const spent = new Map<string, number>();
  for (let load = 0; load < loads; load += 1) {
    const result = await traceOneLoad(browser, url, watchMs, tracePath);
    blocking.push(result.blockingMs);
    longest.push(result.longestMs);
    whole.push(result.wholeMs);
    for (const { name, ms } of result.breakdown) spent.set(name, (spent.get(name) ?? 0) + ms / loads);
  }
  const sorted = sortedCopy(blocking);
  return {
    median: percentile(sorted, 50),
    whole: percentile(sortedCopy(whole), 50),
    spent:
      [...spent.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
        .join(', ') || 'no blocking task',
    worst: percentile(sorted, 100),
    longest: percentile(sortedCopy(longest), 50),
  };
}

const format = (result: Blocking) =>
  `${Math.round(result.median)} / ${Math.round(result.worst)} ms (${Math.round(result.longest)} ms), whole load ${Math.round(result.whole)} ms`;

/**
 * Main-thread blocking per page, phone-sized viewport, production build via the gateway: the median of a few
 * loads, beside the same loads of the reference pages (reference-pages.ts) in the same run. A steadier
 * companion to the Lighthouse figure for telling whether a change moved total blocking time.
 */
export const mainThreadBlocking: BenchFigure = {
  id: 'blocking',
  title: 'Main-thread blocking after first paint, per page',
  async run(context) {
    const LOADS = context.size(5, 1);
    const WATCH_MS = context.size(4_000, 1_000);
    const dist = await context.distDir();
    const browser = await launchChromium();
    const tracePath = path.join(os.tmpdir(), `ferry-blocking-${process.pid}.json`);
    const how = `${LOADS} loads at 412×823 in headless Chromium, each traced ${WATCH_MS / 1000} s: tasks after the first contentful paint, each counted as 4 × duration − 50 ms (Lighthouse's weighting, observed not simulated; Lighthouse's 95 needs its TBT ≲ 200 ms)`;
    try {
      context.log(`blocking: the reference pages, ${LOADS} loads each`);
      const measure = (url: string) => measureBlocking(browser, url, LOADS, WATCH_MS, tracePath);
      const [staticPage, reactPage] = await withReferenceServer(context, async (origin) => [
        await measure(`${origin}${REFERENCE_PAGES.static.address}`),
        await measure(`${origin}${REFERENCE_PAGES.react.address}`),
      ]);
      const rows: BenchRow[] = [
        {
          figure:
            'Main-thread blocking at 4× CPU, references: static page; React + MUI page: median / worst (longest task), whole load',
          value: `${format(staticPage)}; ${format(reactPage)}`,
          goal: '—',
          verdict: '—',
          how: `the reference pages (scripts/bench/reference-page) served by the same gateway, ${how}`,
        },
      ];
      const denominator = Math.max(reactPage.median, REFERENCE_FLOOR_MS);
      const wholeDenominator = Math.max(reactPage.whole, REFERENCE_FLOOR_MS);
      const server = await startBenchGateway(dist);
      try {
        await seedPageTour(server.origin);
        for (const [name, address] of PAGE_TOUR.slice(0, context.size(PAGE_TOUR.length, 1))) {
          context.log(`blocking: ${name} (${address}), ${LOADS} loads`);
          const result = await measure(`${server.origin}${address}`);
          const ratio = result.median / denominator;
          rows.push({
            figure: `Main-thread blocking at 4× CPU, ${name}: median / worst (longest task), whole load; ÷ React + MUI`,
            value: `${format(result)}; ${times(result.median, denominator)} (whole load ${times(result.whole, wholeDenominator)})`,
            goal: `≤ ${RATIO_GOAL}× React + MUI`,
            verdict: verdict(ratio <= RATIO_GOAL, `${(ratio - RATIO_GOAL).toFixed(2)}×`),
            how: `${address}, ${how}; the ratio divides by the reference's median, floored at ${REFERENCE_FLOOR_MS} ms (one task's allowance); the reference paints only after its script ran, so its blocking falls before its paint: the whole-load ratio compares all the work. The blocking tasks' time by trace event (self time, mean per load, unweighted): ${result.spent}`,
          });
        }
      } finally {
        await server.close();
      }
      return rows;
    } finally {
      await browser.close();
      await rm(tracePath, { force: true });
    }
  },
};
