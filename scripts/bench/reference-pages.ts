import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { precompressAssets } from '../precompress';
import { startBenchGateway } from './bench-browser';
import { percentile, sortedCopy } from './stats';
import type { BenchContext } from './types';

const SOURCE = path.join(import.meta.dirname, 'reference-page');

/**
 * The two pages every browser figure is measured beside, in the same run on the same machine, so a figure
 * reads as a ratio that carries from one machine to the next: a static page (HTML and CSS, no script) and the
 * floor of Ferry's stack (React 19 + MUI 9, reference-page/main.tsx), both served by the same gateway as Ferry.
 */
export const REFERENCE_PAGES = {
  static: { name: 'static page', address: '/static.html' },
  react: { name: 'React + MUI page', address: '/' },
} as const;

/**
 * Builds the React + MUI reference with Ferry's Vite set-up (the React plugin, the same build options, the
 * precompressed assets the gateway serves), none of Ferry's own plugins (gateway, drawn pages, early entry),
 * and puts the static page beside it. Into a temporary folder; `dispose` removes it.
 */
export async function buildReferences(): Promise<{ dir: string; dispose(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-reference-'));
  await build({
    configFile: false,
    root: SOURCE,
    logLevel: 'error',
    plugins: [react(), precompressAssets()],
    build: { outDir: dir, emptyOutDir: true, sourcemap: false, manifest: true },
  });
  copyFileSync(path.join(SOURCE, 'static.html'), path.join(dir, 'static.html'));
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error('the reference page did not build');
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The references served as Ferry is: the bench gateway (embedded simulator) with the references' build. */
export async function withReferenceServer<T>(
  context: BenchContext,
  use: (origin: string) => Promise<T>,
): Promise<T> {
  const server = await startBenchGateway(await context.referenceDir());
  try {
    return await use(server.origin);
  } finally {
    await server.close();
  }
}

export interface ReferenceRender {
  /** Navigation start → the core section visible, cold (a new browser context): median, ms. */
  cold: Record<keyof typeof REFERENCE_PAGES, number>;
  /** The same after a reload (cached assets): median, ms. */
  warm: Record<keyof typeof REFERENCE_PAGES, number>;
}

/**
 * Cold and warm render times of both references, measured as the rate-limits figure measures Ferry: the
 * page's clock when `region "core"` is visible. `runs` loads each after one that warms the browser.
 */
async function referenceRender(
  context: BenchContext,
  browser: Browser,
  runs: number,
): Promise<ReferenceRender> {
  return withReferenceServer(context, async (origin) => {
    const result: ReferenceRender = { cold: { static: 0, react: 0 }, warm: { static: 0, react: 0 } };
    for (const key of Object.keys(REFERENCE_PAGES) as (keyof typeof REFERENCE_PAGES)[]) {
      const times = await coldAndWarm(browser, `${origin}${REFERENCE_PAGES[key].address}`, runs);
      result.cold[key] = times.cold;
      result.warm[key] = times.warm;
    }
    return result;
  });
}

const measured = new WeakMap<BenchContext, Promise<ReferenceRender>>();

/**
 * The references' render times once per bench run, for the figures that compare with them (the rate-limits
 * page, the author editor); the first figure that asks measures them with its browser.
 */
export function sharedReferenceRender(context: BenchContext, browser: Browser): Promise<ReferenceRender> {
  let render = measured.get(context);
  if (!render) {
    context.log('references: cold and warm loads of the static and the React + MUI pages');
    render = referenceRender(context, browser, context.size(10, 1));
    measured.set(context, render);
  }
  return render;
}

/** Medians of `runs` cold loads and reloads of `url` until `region "core"` is visible, on the page's clock. */
export async function coldAndWarm(
  browser: Browser,
  url: string,
  runs: number,
): Promise<{ cold: number; warm: number; coldWorst: number }> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs + 1; run += 1) {
    const browserContext = await browser.newContext();
    const page = await browserContext.newPage();
    const rendered = async () => {
      await page.getByRole('region', { name: 'core', exact: true }).waitFor({ state: 'visible' });
      return page.evaluate(() => performance.now());
    };
    await page.goto(url);
    const coldMs = await rendered();
    await page.reload();
    const warmMs = await rendered();
    await browserContext.close();
    if (run === 0) continue; // the first run warms the browser process itself
    cold.push(coldMs);
    warm.push(warmMs);
  }
  const coldSorted = sortedCopy(cold);
  return {
    cold: percentile(coldSorted, 50),
    warm: percentile(sortedCopy(warm), 50),
    coldWorst: coldSorted.at(-1) ?? Number.NaN,
  };
}
