import type { Response as PageResponse } from 'playwright-core';
import { startGateway } from '@/testing/node-servers';
import { callJson, launchChromium, simStats } from './bench-browser';
import { verdict, type BenchFigure } from './types';

/** A simulated hour in a real minute. */
const SPEED = 60;

/**
 * One organization export (every `octo-org` repository, the longest export the seed allows) watched in
 * headless Chromium on its migration page for a simulated hour, the gateway's embedded simulator running at
 * SIM_SPEED=60. The simulator's own counters (GET /__sim/state, which is not a GitHub request) are read
 * before the page opens and after the hour; the page's responses give the breakdown and the states it saw.
 */
export const exportWatch: BenchFigure = {
  id: 'watch',
  title: 'GitHub requests while watching one export for a simulated hour',
  async run(context) {
    const WATCH_MS = context.size(60_000, 2_000);
    const dist = await context.distDir();
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
      const browserContext = await browser.newContext();
      const page = await browserContext.newPage();
      // Load the app once first so the export is watched from its page, not from a cold start.
      await page.goto(`${server.origin}/migrations/orgs/octo-org`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const migration = await callJson<{ id: number; state: string }>(
        server.origin,
        '/api/github/orgs/octo-org/migrations',
        {
          method: 'POST',
          body: { repositories: repos.map((repo) => repo.name), lock_repositories: false },
        },
      );

      const byPath = new Map<string, { ok: number; notModified: number }>();
      const states: string[] = [];
      const detailPath = `/api/github/orgs/octo-org/migrations/${migration.id}`;
      const onResponse = (response: PageResponse) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/github/')) return;
        const key = url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
        const entry = byPath.get(key) ?? { ok: 0, notModified: 0 };
        if (response.status() === 304) entry.notModified += 1;
        else entry.ok += 1;
        byPath.set(key, entry);
        if (url.pathname === detailPath && response.status() === 200) {
          void response
            .json()
            .then((body: { state?: string }) => {
              if (body.state && states.at(-1) !== body.state) states.push(body.state);
            })
            .catch(() => undefined);
        }
      };

      context.log(
        `watch: migration ${migration.id} (${repos.length} repositories) for ${WATCH_MS / 1000} s at SIM_SPEED=${SPEED}`,
      );
      const before = await simStats(server.origin);
      const simBefore = (await callJson<{ now: string }>(server.origin, '/__sim/state')).now;
      page.on('response', onResponse);
      await page.goto(`${server.origin}/migrations/orgs/octo-org/${migration.id}`);
      await page.waitForTimeout(WATCH_MS);
      page.off('response', onResponse);
      const after = await simStats(server.origin);
      const simAfter = (await callJson<{ now: string }>(server.origin, '/__sim/state')).now;
      await browserContext.close();

      const requests = after.requests - before.requests;
      const counted = after.counted - before.counted;
      const notModified = after.notModified - before.notModified;
      const changes = Math.max(0, states.length - 1);
      const simulatedMinutes = (Date.parse(simAfter) - Date.parse(simBefore)) / 60_000;
      const breakdown = [...byPath.entries()]
        .map(([path, entry]) => `${path.replace('/api/github', '')} ${entry.ok}×200/${entry.notModified}×304`)
        .join('; ');
      const detail = byPath.get(detailPath.replace(/\/\d+$/, '/{id}'));
      const others = counted - (detail?.ok ?? 0);
      const goal = changes + 1;
      return [
        {
          figure: 'Watching one export for a simulated hour: requests / counted / 304s',
          value: `${requests} / ${counted} / ${notModified}`,
          goal: '—',
          verdict: '—',
          how: `simulator counters (GET /__sim/state) around ${WATCH_MS / 1000} s of headless Chromium on /migrations/orgs/octo-org/{id} for a fresh export of ${repos.length} repositories, gateway + embedded simulator at SIM_SPEED=${SPEED} (${simulatedMinutes.toFixed(0)} simulated minutes); by path: ${breakdown}`,
        },
        {
          figure: 'Counted requests for the migration vs state changes seen',
          value: `${detail?.ok ?? 0} counted for ${changes} state changes (${states.join(' → ')})${others > 0 ? `, + ${others} other counted (read once)` : ''}`,
          goal: '≤ state changes + 1 (304s free)',
          verdict: verdict((detail?.ok ?? 0) <= goal, `${(detail?.ok ?? 0) - goal} requests`),
          how: 'states from the 200 answers to the migration the page received; every unchanged poll revalidates with If-None-Match and is answered 304, which GitHub does not count',
        },
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
