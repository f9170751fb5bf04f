import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { simIntentFor } from '@/contracts/sim-control';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { startGateway, type Listening } from '@/testing/node-servers';

/**
 * The gateway as `npm start` runs it, on loopback: the production build, the embedded simulator with its clock
 * frozen, and a store (in memory), so drafts, recent items and history answer as they do for a user.
 */
export async function startBenchGateway(staticRoot: string): Promise<Listening> {
  const opened = await openStore({});
  const server = await startGateway(
    { SIM_SPEED: '0', SIM_SCENARIO: 'quiet' },
    { staticRoot, store: createFerryStore(opened) },
  );
  return {
    ...server,
    close: async () => {
      // The watcher follows what pages opened (an import, an export); it would poll on into a closed store.
      server.runtime.memory.watcher?.stop();
      await server.close();
      await opened.close();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A JSON call to the gateway (or its `/__sim` control interface) on loopback; throws on a non-2xx answer. */
export async function callJson<T = unknown>(
  origin: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      // Not a browser: writes state their intent as the SPA's client does (src/server/security.ts).
      'x-ferry-client': 'ferry-bench',
      ...simIntentFor(init.method ?? 'GET', path),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface SimStats {
  requests: number;
  counted: number;
  notModified: number;
}

export async function simStats(origin: string): Promise<SimStats> {
  const state = await callJson<{ stats: SimStats }>(origin, '/__sim/state');
  return { ...state.stats };
}

/** Start a Subversion import of `authors-10000` into octo-org/hello-world and move it to the mapping step. */
export async function importWithManyAuthors(origin: string, words = 'authors-10000'): Promise<string> {
  const vcsUrl = `http://svn.example.com/svn/${words}`;
  await callJson(origin, '/api/github/repos/octo-org/hello-world/import', {
    method: 'PUT',
    body: { vcs_url: vcsUrl, vcs: 'subversion' },
  });
  await callJson(origin, '/__sim/advance', { method: 'POST', body: { seconds: 65 } });
  const status = await callJson<{ status: string }>(origin, '/api/github/repos/octo-org/hello-world/import');
  if (status.status !== 'mapping') throw new Error(`import is ${status.status}, expected mapping`);
  return vcsUrl;
}

/** Records the page's long tasks (over 50 ms) from its first script on, in `window.__longtasks`. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longtasks: number[] };
    w.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longtasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}
