import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { inProcessGateway, startSimulatorServer } from '@/testing/node-servers';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';

/**
 * A team's gateways on one store, live against one GitHub (the simulator on its own port): one of them polls
 * a watched export, the others answer their browsers from the snapshot it writes.
 */
let store: FerryStore;
let resetStore: () => Promise<void>;
let upstream: Awaited<ReturnType<typeof startSimulatorServer>>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
  upstream = await startSimulatorServer();
}, 60_000);
afterAll(async () => {
  await upstream.close();
  await store.close();
});

type Gateway = ReturnType<typeof inProcessGateway>;

const gatewayOnStore = () =>
  inProcessGateway(
    { GITHUB_TOKEN: SIM_TOKENS.octocat, GITHUB_API_URL: `${upstream.origin}/api/v3` },
    { store },
  );

/** A browser tab: its own ETag per URL, polling like the SPA (If-None-Match; a 304 reuses the body). */
function tab(gateway: Gateway) {
  let etag: string | undefined;
  let last: { state?: string } = {};
  return async (path: string): Promise<string | undefined> => {
    const response = await gateway.call(path, { headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status === 304) return last.state;
    expect(response.status).toBe(200);
    last = (await response.json()) as { state?: string };
    etag = response.headers.get('etag') ?? undefined;
    return last.state;
  };
}

async function startExport(gateway: Gateway): Promise<string> {
  const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ repositories: ['hello-world', 'octo-web'] }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: number };
  return `/api/github/orgs/octo-org/migrations/${id}`;
}

/**
 * Watch one export for a simulated hour (a look every simulated 20 s) with `tabsEach` tabs on each gateway;
 * `during(step)` may act between looks. Returns the GitHub requests counted and the last state each tab saw.
 */
async function watchAnHour(
  gateways: Gateway[],
  tabsEach: number,
  during: (step: number) => void = () => {},
): Promise<{ counted: number; last: (string | undefined)[] }> {
  await resetStore();
  const path = await startExport(gateways[0]!);
  const tabs = gateways.flatMap((gateway) => Array.from({ length: tabsEach }, () => tab(gateway)));
  const watchers = () => gateways.map((gateway) => gateway.runtime.memory.watcher!);
  const before = upstream.sim.github().stats.counted;
  let last: (string | undefined)[] = [];
  for (let step = 0; step < 180; step += 1) {
    during(step);
    last = await Promise.all(tabs.map((look) => look(path)));
    upstream.sim.advance(20);
    // What the embedded simulator's clock change does by itself: every watcher looks again now.
    for (const watcher of watchers()) await watcher.nudge();
    for (const watcher of watchers()) await watcher.settle();
  }
  const counted = upstream.sim.github().stats.counted - before;
  for (const watcher of watchers()) {
    watcher.stop();
    await watcher.settle();
  }
  return { counted, last };
}

describe('one watcher for a team of gateways', () => {
  it('costs GitHub the same for three gateways with ten tabs each as for one gateway with one tab', async () => {
    const one = await watchAnHour([gatewayOnStore()], 1);
    const team = await watchAnHour([gatewayOnStore(), gatewayOnStore(), gatewayOnStore()], 10);
    expect(one.last).toEqual(['exported']);
    expect(new Set(team.last)).toEqual(new Set(['exported']));
    expect(team.counted).toBe(one.counted);
  }, 120_000);

  it('is carried on by another gateway when the one polling stops, at no extra cost', async () => {
    const one = await watchAnHour([gatewayOnStore()], 1);
    const gateways = [gatewayOnStore(), gatewayOnStore(), gatewayOnStore()];
    // The first gateway asked first and polls; a third of the way through it stops.
    const team = await watchAnHour(gateways, 2, (step) => {
      if (step === 3) gateways[0]!.runtime.memory.watcher!.stop();
    });
    expect(team.last.slice(2).every((state) => state === 'exported')).toBe(true);
    expect(team.counted).toBe(one.counted);
  }, 120_000);

  it('lists what the team follows on every gateway (the overview), whichever gateway polls it', async () => {
    await resetStore();
    const [a, b] = [gatewayOnStore(), gatewayOnStore()];
    const path = await startExport(a);
    await tab(a)(path);
    await a.runtime.memory.watcher!.settle();
    const watched = (await (await b.call('/api/ferry/watched')).json()) as { items: { path: string }[] };
    expect(watched.items.map((item) => item.path)).toContain(path.replace('/api/github/', ''));
    for (const gateway of [a, b]) gateway.runtime.memory.watcher!.stop();
  }, 60_000);

  it('without a shared store each gateway polls for itself (the comparison can fail)', async () => {
    const one = await watchAnHour([gatewayOnStore()], 1);
    const apart = () =>
      inProcessGateway({ GITHUB_TOKEN: SIM_TOKENS.octocat, GITHUB_API_URL: `${upstream.origin}/api/v3` });
    const three = await watchAnHour([apart(), apart(), apart()], 1);
    expect(three.counted).toBeGreaterThan(one.counted);
  }, 120_000);
});
