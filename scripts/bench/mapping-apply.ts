import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  callJson,
  importWithManyAuthors,
  launchChromium,
  startBenchGateway,
  watchLongTasks,
} from './bench-browser';
import { formatNumber } from '@/lib/format';
import { ms } from './stats';
import { verdict, type BenchFigure } from './types';

const GOAL_MS = 200;
const PAGE = '/imports/octo-org/hello-world';

/**
 * Applying a 10,000-line git-svn authors file in the editor (authors-10000 import at the mapping step): the
 * longest main-thread task (PerformanceObserver 'longtask') from choosing the file to the grid showing the
 * 10,000 unsaved changes, and the wall time of the whole apply.
 */
export const mappingApply: BenchFigure = {
  id: 'apply',
  title: 'Applying a 10,000-line mapping file',
  async run(context) {
    const count = context.size(10_000, 200);
    const n = formatNumber(count);
    const dist = await context.distDir();
    const server = await startBenchGateway(dist);
    const browser = await launchChromium();
    try {
      await importWithManyAuthors(server.origin, `authors-${count}`);
      const authors = await callJson<{ remote_name: string }[]>(
        server.origin,
        '/api/github/repos/octo-org/hello-world/import/authors',
      );
      const file = join(tmpdir(), `ferry-bench-authors-${process.pid}.txt`);
      await writeFile(
        file,
        authors
          .map((author, index) => `${author.remote_name} = Person ${index} <person${index}@example.com>`)
          .join('\n'),
      );
      context.log(`apply: choosing a ${authors.length}-line authors file and applying it`);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await watchLongTasks(page);
      await page.goto(`${server.origin}${PAGE}`);
      await page
        .getByRole('status')
        .filter({ hasText: `Showing ${n} of ${n} authors` })
        .waitFor();
      await page.getByRole('button', { name: 'Import mapping…' }).click();
      await page.waitForTimeout(500);
      await page.evaluate(() => ((window as unknown as { __longtasks: number[] }).__longtasks = []));
      const started = Date.now();
      await page.getByLabel('Mapping file').setInputFiles(file);
      const apply = page.getByRole('button', { name: new RegExp(`^Apply (${n}|${count}) changes$`) });
      await apply.waitFor({ timeout: 120_000 });
      const previewed = Date.now();
      await apply.click();
      await page
        .getByRole('status')
        .filter({ hasText: `${n} unsaved changes` })
        .waitFor({ timeout: 120_000 });
      const applied = Date.now();
      await page.waitForTimeout(500);
      const tasks = await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks);
      context.log(`apply: long tasks ${tasks.map((task) => Math.round(task)).join(', ')} ms`);
      const longest = tasks.length > 0 ? Math.max(...tasks) : 0;
      return [
        {
          figure: `Applying a ${n}-line mapping file: longest main-thread task`,
          value: `${ms(longest, 0)} (${tasks.length} tasks over 50 ms; file → preview ${ms(previewed - started, 0)}, apply → grid ${ms(applied - previewed, 0)})`,
          goal: '≤ 200 ms',
          verdict: verdict(longest <= GOAL_MS, ms(longest - GOAL_MS, 0)),
          how: `headless Chromium, production build via the gateway + simulator (authors-${count} at the mapping step); a ${n}-line git-svn authors file chosen in Import mapping…, then Apply; PerformanceObserver 'longtask' from choosing the file until the count line shows ${n} unsaved changes`,
        },
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
