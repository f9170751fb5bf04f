import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import type { RateReading } from '@/server/store/rate-history';
import { ROOT } from './context';
import { ms, percentile, sortedCopy } from './stats';
import { verdict, type BenchFigure } from './types';

const RESOURCES = [
  'core',
  'search',
  'graphql',
  'integration_manifest',
  'source_import',
  'code_scanning_upload',
  'actions_runner_registration',
  'scim',
  'dependency_snapshots',
  'code_search',
];
const DAY = 24 * 3_600_000;
const run = promisify(execFile);

/** `days` of history as the gateway keeps it: a reading a minute for the last day, one per 5 minutes before. */
export function daysOfHistory(now: number, days: number): RateReading[] {
  const readings: RateReading[] = [];
  for (let at = now - days * DAY; at < now; at += at < now - DAY ? 300_000 : 60_000) {
    const reset = new Date(Math.ceil(at / 3_600_000) * 3_600_000);
    const used = Math.floor(((at % 3_600_000) / 3_600_000) * 4_000);
    for (const resource of RESOURCES) {
      readings.push({
        at: new Date(at),
        resource,
        limit: 5_000,
        remaining: 5_000 - used,
        used,
        reset,
        source: 'poll',
      });
    }
  }
  return readings;
}

/**
 * The rate history in the embedded store (PGlite under a temporary DATA_DIR, as `npm start` opens it): the
 * latency of one recorded reading (one transaction each, as the gateway writes them) and of the reads the
 * rate-limits page makes, with 30 days of history for ten categories.
 */
export const storeHistory: BenchFigure = {
  id: 'store',
  title: 'Store: rate history latency',
  async run(context) {
    const DAYS = context.size(30, 2);
    const WRITES = context.size(2_000, 20);
    const READS = context.size(200, 5);
    const dir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-store-'));
    const openStarted = performance.now();
    let store = createFerryStore(await openStore({ dataDir: dir }));
    const openMs = performance.now() - openStarted;
    try {
      const now = Date.now();
      const seed = daysOfHistory(now - 60_000, DAYS);
      for (let index = 0; index < seed.length; index += 2_000)
        await store.rateHistory.record(seed.slice(index, index + 2_000));
      context.log(`store: ${seed.length} readings seeded, opened in ${openMs.toFixed(0)} ms`);
      // Opened again full in a fresh process, as `npm start` opens it after a month of use.
      await store.close();
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'scripts/bench/store-open-child.ts'), dir],
        { cwd: ROOT },
      );
      const reopenMs = (JSON.parse(stdout.trim().split('\n').at(-1)!) as { openMs: number }).openMs;
      store = createFerryStore(await openStore({ dataDir: dir }));

      const writes: number[] = [];
      for (let index = 0; index < WRITES; index += 1) {
        const reading: RateReading = {
          ...seed.at(-1)!,
          at: new Date(now + index),
          remaining: 1_000 - (index % 1_000),
          source: 'header',
        };
        const started = performance.now();
        await store.rateHistory.record([reading]);
        writes.push(performance.now() - started);
      }
      const hour: number[] = [];
      const day: number[] = [];
      let dayRows = 0;
      for (let index = 0; index < READS; index += 1) {
        let started = performance.now();
        await store.rateHistory.read(new Date(now - 3_600_000), 'core');
        hour.push(performance.now() - started);
        started = performance.now();
        dayRows = (await store.rateHistory.read(new Date(now - DAY), undefined, 600)).length;
        day.push(performance.now() - started);
      }
      const w = sortedCopy(writes);
      const h = sortedCopy(hour);
      const d = sortedCopy(day);
      return [
        {
          figure: `Embedded store open: a fresh DATA_DIR / one with ${DAYS} days of history`,
          value: `${ms(openMs)} / ${ms(reopenMs)}`,
          goal: '≤ 1 s (full)',
          verdict: verdict(reopenMs <= 1_000, ms(reopenMs - 1_000)),
          how: `openStore on a temporary DATA_DIR (PGlite: files loaded, lock taken, migrations checked); then closed and opened again by a fresh process holding ${seed.length.toLocaleString('en-US')} readings`,
        },
        {
          figure: 'Rate history write (one reading, one transaction), p50 / p99',
          value: `${ms(percentile(w, 50))} / ${ms(percentile(w, 99))}`,
          goal: 'p99 ≤ 5 ms',
          verdict: verdict(percentile(w, 99) <= 5, ms(percentile(w, 99) - 5)),
          how: `${WRITES} sequential writes into the embedded store (PGlite 0.5 on a temporary DATA_DIR) holding ${seed.length.toLocaleString('en-US')} readings (${DAYS} days × ${RESOURCES.length} categories, downsampled past a day); store opened in ${openMs.toFixed(0)} ms`,
        },
        {
          figure: 'Rate history read: last hour of one category / last day of all at 10 min steps, p50 / p99',
          value: `${ms(percentile(h, 50))} / ${ms(percentile(h, 99))}; ${ms(percentile(d, 50))} / ${ms(percentile(d, 99))} (${dayRows.toLocaleString('en-US')} rows)`,
          goal: 'p99 ≤ 5 ms (hour)',
          verdict: verdict(percentile(h, 99) <= 5, ms(percentile(h, 99) - 5)),
          how: `${READS} reads of each through the query layer (drizzle over PGlite), what /api/ferry/rate-history answers`,
        },
      ];
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
