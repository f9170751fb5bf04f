import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, startBenchGateway } from './bench-browser';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { percentile, sortedCopy } from './stats';
import type { BenchFigure } from './types';

/** Lighthouse's mobile CPU slowdown, and the part of a task that does not block. */
const SLOWDOWN = 4;
const BLOCKING_AFTER_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Blocking time from a Chromium trace, weighted as Lighthouse's mobile audit weighs it: each main-thread task
 * after the first contentful paint counts for `4 × duration − 50 ms` when that is positive. Observed tasks on
 * this machine, not Lighthouse's simulation, so it moves less from run to run than its TBT.
 */
export function blockingFromTrace(events: readonly TraceEvent[]): { blockingMs: number; longestMs: number } {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return { blockingMs: Number.NaN, longestMs: Number.NaN };
  let blockingMs = 0;
  let longestMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    if (event.pid !== paint.pid || event.tid !== paint.tid || event.ts < paint.ts) continue;
    const durationMs = (event.dur ?? 0) / 1000;
    longestMs = Math.max(longestMs, durationMs);
    blockingMs += Math.max(0, SLOWDOWN * durationMs - BLOCKING_AFTER_MS);
  }
  return { blockingMs, longestMs };
}

/**
 * Main-thread blocking per page, phone-sized viewport, production build via the gateway: the median of a few
 * loads. A steadier companion to the Lighthouse figure for telling whether a change moved total blocking time.
 */
export const mainThreadBlocking: BenchFigure = {
  id: 'blocking',
  title: 'Main-thread blocking after first paint, per page',
  async run(context) {
    const LOADS = context.size(5, 1);
    const WATCH_MS = context.size(4_000, 1_000);
    const dist = await context.distDir();
    const server = await startBenchGateway(dist);
    const browser = await launchChromium();
    const tracePath = path.join(os.tmpdir(), `ferry-blocking-${process.pid}.json`);
    try {
      await seedPageTour(server.origin);
      const rows = [];
      for (const [name, address] of PAGE_TOUR.slice(0, context.size(PAGE_TOUR.length, 1))) {
        context.log(`blocking: ${name} (${address}), ${LOADS} loads`);
        const blocking: number[] = [];
        const longest: number[] = [];
        for (let load = 0; load < LOADS; load += 1) {
          const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
          await page.goto(`${server.origin}/favicon.svg`);
          await browser.startTracing(page, {
            path: tracePath,
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
          });
          await page.goto(`${server.origin}${address}`);
          await page.waitForTimeout(WATCH_MS);
          await browser.stopTracing();
          const trace = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
          const result = blockingFromTrace(trace.traceEvents);
          blocking.push(result.blockingMs);
          longest.push(result.longestMs);
          await page.close();
        }
        const sorted = sortedCopy(blocking);
        rows.push({
          figure: `Main-thread blocking at 4× CPU, ${name}: median / worst (longest task)`,
          value: `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 100))} ms (${Math.round(percentile(sortedCopy(longest), 50))} ms)`,
          goal: '—',
          verdict: '—',
          how: `${LOADS} loads of ${address} at 412×823 in headless Chromium, traced ${WATCH_MS / 1000} s: tasks after the first contentful paint, each counted as 4 × duration − 50 ms (Lighthouse's weighting, observed not simulated; Lighthouse's 95 needs its TBT ≲ 200 ms)`,
        });
      }
      return rows;
    } finally {
      await browser.close();
      await server.close();
      await rm(tracePath, { force: true });
    }
  },
};
