import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, startBenchGateway } from './bench-browser';
import { ROOT } from './context';
import { traceOneLoad } from './main-thread-blocking';
import { PAGE_TOUR, seedPageTour } from './page-tour';
import { REFERENCE_PAGES, withReferenceServer } from './reference-pages';
import { percentile, sortedCopy } from './stats';
import type { BenchContext, BenchFigure, BenchRow } from './types';

/**
 * `BENCH_AB_BASE=<git ref or a built dist folder> npm run bench -- blocking-ab`: the same blocking figure as
 * `blocking` (4 × task − 50 ms after the first paint, phone viewport), for two builds of the app loaded in turn
 * (A B, B A, A B…) so that whatever else the machine does falls on both alike. A = the base, B = this tree
 * (or `BENCH_AB_TARGET`, a git ref or a dist folder too).
 * Without a base it compares this build with itself: the noise floor of the figure on this machine.
 * `BENCH_AB_PAGES=rate-limits,/domains?tld=com` picks pages (a name's start or an address), `BENCH_AB_LOADS`
 * the loads per page and build (12).
 */
export const blockingAb: BenchFigure = {
  id: 'blocking-ab',
  title: 'Main-thread blocking after first paint, two builds interleaved (A/B)',
  explicitOnly: true,
  async run(context) {
    const loads = context.size(Number(process.env.BENCH_AB_LOADS ?? 12), 1);
    const watchMs = context.size(4_000, 1_000);
    const base = process.env.BENCH_AB_BASE;
    const pages = pickPages(process.env.BENCH_AB_PAGES).slice(0, context.size(PAGE_TOUR.length, 1));
    const target = process.env.BENCH_AB_TARGET;
    const targetBuild = target
      ? await buildBase(target, context)
      : { dir: await context.distDir(), dispose: () => undefined };
    const distB = targetBuild.dir;
    const baseBuild = base ? await buildBase(base, context) : { dir: distB, dispose: () => undefined };
    const browser = await launchChromium();
    const tracePath = path.join(os.tmpdir(), `ferry-blocking-ab-${process.pid}.json`);
    const [serverA, serverB] = [await startBenchGateway(baseBuild.dir), await startBenchGateway(distB)];
    try {
      // The React + MUI reference in the same run, for each build's ratio (its median floored at one task's 50 ms).
      const reference = await withReferenceServer(context, async (origin) => {
        const url = `${origin}${REFERENCE_PAGES.react.address}`;
        await traceOneLoad(browser, url, 500, tracePath);
        const medians: number[] = [];
        for (let load = 0; load < loads; load += 1)
          medians.push((await traceOneLoad(browser, url, watchMs, tracePath)).blockingMs);
        return Math.max(percentile(sortedCopy(medians), 50), 50);
      });
      await seedPageTour(serverA.origin);
      await seedPageTour(serverB.origin);
      const rows: BenchRow[] = [];
      for (const [name, address] of pages) {
        context.log(`blocking-ab: ${name} (${address}), ${loads} loads per build, interleaved`);
        // One unmeasured load of each first: the first visit warms the gateway's and Chromium's own caches.
        for (const origin of [serverA.origin, serverB.origin])
          await traceOneLoad(browser, `${origin}${address}`, 500, tracePath);
        const a: Load[] = [];
        const b: Load[] = [];
        for (let load = 0; load < loads; load += 1) {
          const order = load % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
          for (const which of order) {
            const origin = which === 'a' ? serverA.origin : serverB.origin;
            const result = await traceOneLoad(browser, `${origin}${address}`, watchMs, tracePath);
            (which === 'a' ? a : b).push(result);
          }
        }
        rows.push(
          compareRow(name, address, a, b, {
            base: base ?? 'this build (A/A: the noise floor)',
            loads,
            watchMs,
            reference,
          }),
        );
      }
      return rows;
    } finally {
      await serverA.close();
      await serverB.close();
      await browser.close();
      await rm(tracePath, { force: true });
      baseBuild.dispose();
      targetBuild.dispose();
    }
  },
};

type Load = Awaited<ReturnType<typeof traceOneLoad>>;

function pickPages(wanted: string | undefined): [string, string][] {
  if (!wanted) return PAGE_TOUR;
  const keys = wanted
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const picked = PAGE_TOUR.filter(([name, address]) =>
    keys.some((key) => address === key || name.startsWith(key)),
  );
  if (picked.length === 0)
    throw new Error(`BENCH_AB_PAGES matched no page; known: ${PAGE_TOUR.map(([name]) => name).join(', ')}`);
  return picked;
}

function compareRow(
  name: string,
  address: string,
  a: readonly Load[],
  b: readonly Load[],
  { base, loads, watchMs, reference }: { base: string; loads: number; watchMs: number; reference: number },
): BenchRow {
  const after = difference(
    a.map((load) => load.blockingMs),
    b.map((load) => load.blockingMs),
  );
  const busy = difference(
    a.map((load) => load.busyMs),
    b.map((load) => load.busyMs),
  );
  const whole = difference(
    a.map((load) => load.wholeMs),
    b.map((load) => load.wholeMs),
  );
  return {
    figure: `A/B blocking at 4× CPU, ${name}: A → B median after the paint (95 % interval of B − A); whole load; busy`,
    value: `${after.text}; ÷ React + MUI ${ratio(a, reference)} → ${ratio(b, reference)}; whole load ${whole.text}; main thread busy after the paint (unweighted) ${busy.text}`,
    goal: '—',
    verdict: `blocking: ${after.verdict}; busy: ${busy.verdict.replace('blocks', 'works')}`,
    how: `${address}; A = ${base}, B = ${process.env.BENCH_AB_TARGET ?? 'this tree'}; ${loads} loads per build at 412×823, interleaved A B / B A, each traced ${watchMs / 1000} s after one unmeasured load of each; the interval is a bootstrap of the difference of medians (2,000 resamples); the ratio divides by the React + MUI reference's median in the same run (${Math.round(reference)} ms, floored at 50). Where B's blocking goes (mean per load): ${spent(b)}; A's: ${spent(a)}`,
  };
}

/** Medians of A and B, and a bootstrap interval of B's median minus A's; "moved" only when it excludes 0. */
export function difference(
  a: readonly number[],
  b: readonly number[],
  resamples = 2_000,
): { text: string; verdict: string; low: number; high: number } {
  const median = (values: readonly number[]) => percentile(sortedCopy(values), 50);
  const random = seeded(0x5eed);
  const pick = (values: readonly number[]) =>
    Array.from({ length: values.length }, () => values[Math.floor(random() * values.length)] ?? Number.NaN);
  const diffs = sortedCopy(Array.from({ length: resamples }, () => median(pick(b)) - median(pick(a))));
  const low = percentile(diffs, 2.5);
  const high = percentile(diffs, 97.5);
  const [ma, mb] = [median(a), median(b)];
  const verdict = low > 0 ? 'B blocks more' : high < 0 ? 'B blocks less' : 'no change beyond the spread';
  const round = (value: number) => Math.round(value).toLocaleString('en');
  return {
    text: `${round(ma)} → ${round(mb)} ms (${round(mb - ma)}; ${round(low)} to ${round(high)})`,
    verdict,
    low,
    high,
  };
}

/** A small deterministic generator (mulberry32): the same loads give the same interval. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ratio(loads: readonly Load[], reference: number): string {
  return `${(percentile(sortedCopy(loads.map((load) => load.blockingMs)), 50) / reference).toFixed(2)}×`;
}

function spent(loads: readonly Load[]): string {
  const sums = new Map<string, number>();
  for (const load of loads)
    for (const { name, ms } of load.breakdown) sums.set(name, (sums.get(name) ?? 0) + ms / loads.length);
  return (
    [...sums.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([event, ms]) => `${event} ${Math.round(ms)} ms`)
      .join(', ') || 'no blocking task'
  );
}

/**
 * The base build: a dist folder as given, or the git ref checked out beside this tree (a detached worktree
 * sharing this node_modules) and built into a temporary folder. Removed afterwards.
 */
async function buildBase(base: string, context: BenchContext): Promise<{ dir: string; dispose(): void }> {
  if (existsSync(path.join(base, 'index.html'))) return { dir: base, dispose: () => undefined };
  const tree = mkdtempSync(path.join(os.tmpdir(), 'ferry-ab-tree-'));
  const out = mkdtempSync(path.join(os.tmpdir(), 'ferry-ab-dist-'));
  const dispose = () => {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
    rmSync(out, { recursive: true, force: true });
  };
  context.log(`blocking-ab: building ${base} in ${tree}`);
  execFileSync('git', ['worktree', 'add', '--detach', tree, base], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  try {
    await new Promise<void>((resolve, reject) => {
      const build = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--logLevel', 'error'],
        { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      build.on('exit', (code) =>
        code === 0 && existsSync(path.join(out, 'index.html'))
          ? resolve()
          : reject(new Error(`vite build of ${base} failed (exit ${code})`)),
      );
    });
  } catch (error) {
    dispose();
    throw error;
  }
  return { dir: out, dispose };
}
