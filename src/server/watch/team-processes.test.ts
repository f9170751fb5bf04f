import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTeam, type Proc, type Team } from '@/testing/team-processes';

/**
 * One watcher for a team, as processes: three gateways on one PostgreSQL database, live against one standalone
 * simulator running in real time. Ten tabs on each gateway watch one export (and the gateway polling it is
 * killed halfway); GitHub counts what one tab on one gateway costs. Runs in the PostgreSQL pass.
 */
const hasServer = Boolean(process.env.DATABASE_URL);
let team: Team | undefined;
let sim: Team['sim'];
let gateways: Proc[] = [];

beforeAll(async () => {
  if (!hasServer) return;
  team = await startTeam({ database: `ferry_team_watch_${process.pid}`, speed: 2, scenario: 'quiet' });
  ({ sim, gateways } = team);
}, 180_000);

afterAll(() => team?.stop());

const counted = async () =>
  ((await (await fetch(`${sim.url}/__sim/state`)).json()) as { stats: { counted: number } }).stats.counted;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startExport(gateway: Proc): Promise<string> {
  const started = await postJson(`${gateway.url}/api/github/orgs/octo-org/migrations`, {
    repositories: ['hello-world', 'octo-web'],
  });
  expect(started.status).toBe(201);
  return `/api/github/orgs/octo-org/migrations/${((await started.json()) as { id: number }).id}`;
}

/** A browser tab polling like the SPA: If-None-Match with its last ETag, a 304 keeps what it has. */
interface Tab {
  gateway: Proc;
  seen: string[];
  look(): Promise<void>;
}

function tab(gateway: Proc, path: string): Tab {
  let etag: string | undefined;
  const seen: string[] = [];
  return {
    gateway,
    seen,
    async look() {
      const response = await fetch(`${gateway.url}${path}`, {
        headers: etag ? { 'if-none-match': etag } : {},
      });
      if (response.status === 304) return;
      expect(response.status).toBe(200);
      const { state } = (await response.json()) as { state: string };
      etag = response.headers.get('etag') ?? undefined;
      if (seen.at(-1) !== state) seen.push(state);
    },
  };
}

/** Tabs look every second until each has seen the export end, then an hour passes and they look on a while. */
async function watch(tabs: Tab[], alive: (tab: Tab) => boolean) {
  // A look at a gateway killed meanwhile fails, as a tab on it would.
  const round = () =>
    Promise.all(
      tabs.filter(alive).map((t) =>
        t.look().catch((error: unknown) => {
          if (alive(t)) throw error;
        }),
      ),
    );
  const deadline = Date.now() + 120_000;
  while (tabs.some((t) => alive(t) && t.seen.at(-1) !== 'exported') && Date.now() < deadline) {
    await round();
    await pause(1_000);
  }
  await postJson(`${sim.url}/__sim/advance`, { seconds: 3_600 });
  for (let look = 0; look < 5; look++) {
    await round();
    await pause(1_000);
  }
}

describe.skipIf(!hasServer)('one watcher for a team of gateway processes', () => {
  it(
    'three gateways with ten tabs each cost GitHub what one tab on one gateway costs, the polling one killed halfway',
    { timeout: 300_000 },
    async () => {
      const [a, b, c] = gateways as [Proc, Proc, Proc];

      const alone = tab(a, await startExport(a));
      const before = await counted();
      await watch([alone], () => true);
      const oneTab = (await counted()) - before;
      expect(alone.seen).toEqual(['pending', 'exporting', 'exported']);

      const path = await startExport(a);
      const start = await counted();
      const tabs = [a, b, c].flatMap((gateway) => Array.from({ length: 10 }, () => tab(gateway, path)));
      // a's tabs ask first, so a polls for the team; the others answer from the snapshot it writes.
      await Promise.all(tabs.slice(0, 10).map((t) => t.look()));
      let killed = false;
      const alive = (t: Tab) => !(killed && t.gateway === a);
      const killer = (async () => {
        while (!tabs.some((t) => t.seen.includes('exporting'))) await pause(200);
        a.child.kill('SIGKILL');
        killed = true;
      })();
      await watch(tabs, alive);
      await killer;
      const team = (await counted()) - start;

      expect(killed).toBe(true);
      for (const t of tabs.slice(10)) expect(t.seen.at(-1)).toBe('exported');
      expect(team).toBe(oneTab);
    },
  );
});
