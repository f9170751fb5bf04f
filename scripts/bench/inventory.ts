import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readiness } from '@/contracts/inventory';
import type { MovePreview } from '@/contracts/moves';
import type { WaveFilters } from '@/contracts/waves';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { TARGET_ORG } from '@/simulator/target/seed';
import { verdict, type BenchFigure, type BenchRow } from './types';

/**
 * `npm run bench -- inventory`: the pre-move inventory (what GitHub Enterprise Importer leaves behind) of all of
 * big-org's 500 repositories, read by `POST /api/moves/preview` on a gateway as composed (embedded store,
 * in-process simulator, scenario big-org): the first read, the second preview (kept in the store: nothing read)
 * and a refresh (REST lists revalidated with their ETags). A smoke run reads 20 of them.
 */
const ORIGIN = 'http://127.0.0.1:5180';
/** Real time on the simulator (SIM_SPEED=1): GitHub's clock, no waits scaled. Reads only: nothing waits on it. */
const SPEED = 1;
const FULL: WaveFilters = {};
/** 20 repositories: 001–019 and 020. */
const SMOKE: WaveFilters = { namePattern: '*-0[01]? *-020' };
/** Goals (docs/moves.md): the peer profiles a repository with ~18 API reads and a full clone. */
const PER_REPOSITORY_GOAL = 7;
const FIRST_READ_GOAL_S = 60;

/** What the gateway sent the source, by kind of request (`git/trees`, `hooks`, `orgs/packages`, `graphql`…). */
type SourceTally = Map<string, { sent: number; notModified: number }>;

/** A request's kind: the repository and the tree's oid left out, so 500 repositories make one line each. */
function kindOf(url: string): string {
  const pathname = new URL(url).pathname;
  if (pathname.endsWith('/graphql')) return 'graphql';
  const parts = pathname.replace(/^\/api\/v3\//, '').split('/');
  if (parts[0] === 'repos') return parts.slice(3, 5).join('/');
  if (parts[0] === 'orgs') return ['orgs', ...parts.slice(2)].join('/');
  return parts.join('/');
}

/** The source's fetch, tallying each request by kind (and the 304s, which GitHub does not count). */
function tallied(tally: SourceTally, inner: () => UpstreamFetch): UpstreamFetch {
  return async (request) => {
    const kind = kindOf(request.url);
    const response = await inner()(request);
    const entry = tally.get(kind) ?? { sent: 0, notModified: 0 };
    entry.sent += 1;
    if (response.status === 304) entry.notModified += 1;
    tally.set(kind, entry);
    return response;
  };
}

const tallyText = (tally: SourceTally) =>
  [...tally]
    .sort((a, b) => b[1].sent - a[1].sent)
    .map(
      ([kind, entry]) => `${kind} ${entry.sent}${entry.notModified ? ` (${entry.notModified} × 304)` : ''}`,
    )
    .join(', ');

/** One preview: its answer, its wall time, what the simulator counted and what the bench saw sent. */
interface Look {
  preview: MovePreview;
  seconds: number;
  /** The simulator's `stats.counted` over the preview (REST answers but 304s, and GraphQL queries). */
  counted: number;
  /** `counted` less the listing pages the preview says it read (`requests.source`). */
  inventoryCounted: number;
  notModified: number;
  sent: string;
}

async function previewOnce(
  gateway: Gateway,
  tally: SourceTally,
  filters: WaveFilters,
  inventory: true | 'refresh',
): Promise<Look> {
  const stats = gateway.simulator!.github().stats;
  const before = { counted: stats.counted, notModified: stats.notModified };
  tally.clear();
  const body = {
    source: { kind: 'org', login: 'big-org' },
    target: { login: TARGET_ORG },
    filters,
    caps: {},
  };
  const started = performance.now();
  const response = await gateway.app.request(`${ORIGIN}/api/moves/preview`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, inventory }),
  });
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200)
    throw new Error(`the preview was refused: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const preview = (await response.json()) as MovePreview;
  if (preview.inventoryError) throw new Error(preview.inventoryError);
  if (!preview.inventory) throw new Error('the preview has no inventory');
  const counted = stats.counted - before.counted;
  return {
    preview,
    seconds,
    counted,
    inventoryCounted: counted - preview.requests.source,
    notModified: stats.notModified - before.notModified,
    sent: tallyText(tally),
  };
}

/** The three previews on a gateway as composed (embedded store, in-process simulator with big-org). */
async function inventoryRun(folder: string, filters: WaveFilters, log: (line: string) => void) {
  const store = createFerryStore(await openStore({}));
  const tally: SourceTally = new Map();
  const simulatorFetch = (): UpstreamFetch => {
    const sim = gateway.simulator;
    if (!sim) throw new Error('no simulator');
    return (request) => sim.fetch(request);
  };
  const gateway = composeGateway(loadConfig({ SIM_SPEED: String(SPEED), SIM_SCENARIO: 'big-org' }), {
    store,
    archiveDir: path.join(folder, 'archives'),
    watch: false,
    controlAccess: 'any',
    upstreams: { github: tallied(tally, simulatorFetch) },
  });
  try {
    const first = await previewOnce(gateway, tally, filters, true);
    log(`inventory: first preview ${first.seconds.toFixed(1)} s, sent ${first.sent}`);
    const second = await previewOnce(gateway, tally, filters, true);
    log(`inventory: second preview ${second.seconds.toFixed(1)} s, sent ${second.sent || 'nothing'}`);
    const refresh = await previewOnce(gateway, tally, filters, 'refresh');
    log(`inventory: refresh ${refresh.seconds.toFixed(1)} s, sent ${refresh.sent}`);
    return { first, second, refresh };
  } finally {
    await gateway.stop();
    await store.close();
  }
}

const requestsOf = (look: Look) => {
  const said = look.preview.inventory!.requests;
  return `${said.rest} REST + ${said.graphql} GraphQL as the preview says; the simulator counted ${look.inventoryCounted} (${look.counted} − ${look.preview.requests.source} listing pages)`;
};

function rowsOf(run: Awaited<ReturnType<typeof inventoryRun>>, label: string): BenchRow[] {
  const { first, second, refresh } = run;
  const n = first.preview.selected;
  const said = (look: Look) =>
    look.preview.inventory!.requests.rest + look.preview.inventory!.requests.graphql;
  const perRepository = Math.max(first.inventoryCounted, said(first)) / Math.max(1, n);
  const readiness = (kind: Readiness) =>
    first.preview.repositories.filter((repo) => repo.readiness === kind).length;
  const secondRead = Math.max(said(second), second.inventoryCounted);
  const refreshGoal = Math.ceil(n / 50) + 1;
  const how = `POST /api/moves/preview (inventory: true) for ${label} on a gateway as composed (embedded store, in-process simulator big-org at SIM_SPEED=${SPEED})`;
  return [
    {
      figure: `Inventory of ${n} repositories: first read, wall time`,
      value: `${first.seconds.toFixed(1)} s (${n} selected of ${first.preview.listed} listed)`,
      goal: `≤ ${FIRST_READ_GOAL_S} s on the simulator`,
      verdict: verdict(
        first.seconds <= FIRST_READ_GOAL_S,
        `${(first.seconds - FIRST_READ_GOAL_S).toFixed(1)} s`,
      ),
      how: `${how}: the whole preview (listing, target's checks, inventory) from request to answer`,
    },
    {
      figure: `Inventory of ${n}: requests per repository, first read`,
      value: `${perRepository.toFixed(2)} (${requestsOf(first)})`,
      goal: `≤ ${PER_REPOSITORY_GOAL} (the peer: ~18 API reads + a clone)`,
      verdict: verdict(
        perRepository <= PER_REPOSITORY_GOAL,
        (perRepository - PER_REPOSITORY_GOAL).toFixed(2),
      ),
      how: `the larger of the preview's count and the simulator's (stats.counted less the listing), organization's reads included, ÷ ${n}; sent by kind: ${first.sent}`,
    },
    {
      figure: `Inventory of ${n}: readiness`,
      value: `${readiness('ready')} ready, ${readiness('needs-work')} needs work, ${readiness('blocked')} blocked`,
      goal: '—',
      verdict: '—',
      how: "each repository's `readiness` in the first preview (blocked: a pre-flight check fails, e.g. a file over 400 MiB)",
    },
    {
      figure: `Inventory of ${n}: second preview (kept in the store)`,
      value: `${secondRead} inventory requests (${requestsOf(second)}); ${second.seconds.toFixed(2)} s`,
      goal: '0 inventory requests',
      verdict: verdict(secondRead === 0 && second.preview.inventory?.fresh === false, String(secondRead)),
      how: `the same preview again: the facts from the store (\`fresh\`: ${String(second.preview.inventory?.fresh)})`,
    },
    {
      figure: `Inventory of ${n}: refresh (inventory: "refresh")`,
      value: `${refresh.inventoryCounted} counted (${requestsOf(refresh)}; ${refresh.notModified} × 304); ${refresh.seconds.toFixed(1)} s`,
      goal: `GraphQL only: ≤ ${refreshGoal} (⌈${n}/50⌉ + the teams' query)`,
      verdict: verdict(
        refresh.inventoryCounted <= refreshGoal,
        String(refresh.inventoryCounted - refreshGoal),
      ),
      how: `read again, every REST list revalidated with its ETag (a 304 is free; docs/moves.md: an unchanged organization costs its GraphQL queries only); sent by kind: ${refresh.sent}`,
    },
  ];
}

export const inventory: BenchFigure = {
  id: 'inventory',
  title: "The pre-move inventory of big-org's repositories (preview)",
  async run(context) {
    const filters = context.size(FULL, SMOKE);
    const label = filters.namePattern ? `big-org's ${filters.namePattern}` : "all of big-org's repositories";
    context.log(`inventory: ${label}`);
    const folder = await mkdtemp(path.join(tmpdir(), 'ferry-bench-inventory-'));
    try {
      return rowsOf(await inventoryRun(folder, filters, (line) => context.log(line)), label);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
};
