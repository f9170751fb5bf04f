import { startGateway } from '@/testing/node-servers';
import { callJson, launchChromium, simStats } from './bench-browser';
import { verdict, type BenchFigure } from './types';

/** A simulated hour in a real minute. */
const SPEED = 60;

/**
 * The shared watcher's promise: ten browser contexts on one export's page cost GitHub what one costs. For 1
 * and then 10 contexts, a fresh gateway (embedded simulator at SIM_SPEED=60) starts an export of every
 * `octo-org` repository, the contexts open its migration page and stay a simulated hour; the simulator's
 * counters (GET /__sim/state, not a GitHub request) are read around the hour.
 */
async function watchWith(contexts: number, dist: string, watchMs: number) {
  const server = await startGateway(
    { SIM_SPEED: String(SPEED), SIM_SCENARIO: 'quiet' },
    { staticRoot: dist },
  );
  const browser = await launchChromium();
  try {
    const repos = await callJson<{ name: string }[]>(
      server.origin,
      '/api/github/orgs/octo-org/repos?per_page=100',
    );
    const migration = await callJson<{ id: number }>(server.origin, '/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      body: { repositories: repos.map((repo) => repo.name), lock_repositories: false },
    });
    const before = await simStats(server.origin);
    const pages = [];
    for (let index = 0; index < contexts; index += 1) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${server.origin}/migrations/orgs/octo-org/${migration.id}`);
      pages.push(page);
    }
    await pages[0]?.waitForTimeout(watchMs);
    const after = await simStats(server.origin);
    return { counted: after.counted - before.counted, requests: after.requests - before.requests };
  } finally {
    await browser.close();
    server.runtime.memory.watcher?.stop();
    await server.close();
  }
}

export const exportWatchTabs: BenchFigure = {
  id: 'watch-tabs',
  title: 'GitHub requests: ten browser contexts on one export vs one',
  async run(context) {
    const WATCH_MS = context.size(60_000, 2_000);
    const TABS = context.size(10, 2);
    const dist = await context.distDir();
    const one = await watchWith(1, dist, WATCH_MS);
    context.log(`watch-tabs: 1 context → ${one.counted} counted / ${one.requests} requests`);
    const ten = await watchWith(TABS, dist, WATCH_MS);
    context.log(`watch-tabs: ${TABS} contexts → ${ten.counted} counted / ${ten.requests} requests`);
    return [
      {
        figure: `Counted GitHub requests, one export for a simulated hour: 1 context / ${TABS} contexts`,
        value: `${one.counted} / ${ten.counted} (all requests: ${one.requests} / ${ten.requests})`,
        goal: 'equal',
        verdict: verdict(ten.counted <= one.counted, `${ten.counted - one.counted} requests`),
        how: `headless Chromium contexts on /migrations/orgs/octo-org/{id} for ${WATCH_MS / 1000} s at SIM_SPEED=${SPEED}, a fresh gateway each; the gateway's shared watcher answers every tab from one upstream follow`,
      },
    ];
  },
};
