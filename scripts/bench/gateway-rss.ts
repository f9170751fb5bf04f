import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storeTemplateDir } from '../store-template-dir';
import { ROOT } from './context';
import { runLoad } from './load';
import { verdict, type BenchFigure, type BenchRow } from './types';

const CONCURRENCY = 50;
const PATHS = [
  '/api/github/rate_limit',
  '/api/github/user',
  '/api/github/user/orgs',
  '/api/github/orgs/octo-org/repos?per_page=5&page=2',
  '/api/github/orgs/octo-org/migrations',
  '/api/github/gists',
  '/api/registrar/domain/getRegistrationRequirements/com',
  '/api/config',
];

/**
 * Optional shape of the load rounds, for reproducing a report (defaults: the figure's own sizes, the gateway's
 * own timeout): BENCH_RSS_ROUNDS, BENCH_RSS_ROUND_MS, BENCH_RSS_UPSTREAM_TIMEOUT_MS (passed to the gateway as
 * UPSTREAM_TIMEOUT_MS). Issue 33 item 7: `BENCH_RSS_ROUNDS=10 BENCH_RSS_ROUND_MS=10000
 * BENCH_RSS_UPSTREAM_TIMEOUT_MS=1000 npm run bench -- rss`.
 */
function positiveEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const HEAP_PROBE = path.join(ROOT, 'scripts/bench/heap-probe.mjs');

/** Start the gateway as `args` (embedded simulator, demo scenario, as `npm start` on a fresh clone). */
async function startServer(args: string[], dist: string, upstreamTimeoutMs?: number) {
  const port = await freePort();
  const probeFile = path.join(mkdtempSync(path.join(tmpdir(), 'ferry-heap-probe-')), 'heap.json');
  // Node options before the script: the probe answers SIGUSR2 with the live heap after a full GC.
  const script = args.at(-1) ?? '';
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', HEAP_PROBE, ...args.slice(0, -1), script],
    {
      cwd: ROOT,
      // A store of its own: never the working copy's ./data, never shared with another gateway.
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        FERRY_DIST: dist,
        FERRY_HEAP_PROBE_FILE: probeFile,
        ...(upstreamTimeoutMs ? { UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs) } : {}),
        ...(process.env.FERRY_HEAP_SNAPSHOT_DIR
          ? { FERRY_HEAP_SNAPSHOT_DIR: process.env.FERRY_HEAP_SNAPSHOT_DIR }
          : {}),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ferry-bench-data-')),
        // Its new store copies one initdb folder (as the suites' gateways do): this figure is the gateway's
        // memory, not the store's creation (the store figure opens a fresh DATA_DIR without it).
        FERRY_STORE_TEMPLATE_DIR: storeTemplateDir(ROOT),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ferry is running')) resolve();
    });
  });
  return {
    port,
    rss: () => rssOf(child),
    /** The live heap (MB) after a full GC in the gateway, as the probe reports it, and its spaces (MB). */
    async liveHeap(): Promise<{ total: number; spaces: Record<string, number> }> {
      const before = Date.now();
      child.kill('SIGUSR2');
      for (let tries = 0; tries < 600; tries += 1) {
        await pause(50);
        try {
          const sample = JSON.parse(readFileSync(probeFile, 'utf8')) as {
            heapUsed: number;
            spaces: Record<string, number>;
            at: number;
          };
          const mb = (bytes: number) => bytes / 1024 / 1024;
          if (sample.at >= before)
            return {
              total: mb(sample.heapUsed),
              spaces: Object.fromEntries(
                Object.entries(sample.spaces).map(([name, used]) => [name, mb(used)]),
              ),
            };
        } catch {
          // not written yet
        }
      }
      throw new Error('the heap probe did not answer');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function loadFor(port: number, ms: number) {
  const end = performance.now() + ms;
  let requests = 0;
  while (performance.now() < end) {
    const result = await runLoad({ port, paths: PATHS, total: 1_000, concurrency: CONCURRENCY });
    if (result.errors > 0) throw new Error(`${result.errors} requests failed`);
    requests += result.latenciesMs.length;
  }
  return requests;
}

/** The spaces that matter: compiled code, long-lived data, everything else. */
function spaceText(spaces: Record<string, number>): string {
  const code = spaces.code_space ?? 0;
  const old = spaces.old_space ?? 0;
  const total = Object.values(spaces).reduce((sum, used) => sum + used, 0);
  return `code ${code.toFixed(1)} MB, old ${old.toFixed(1)} MB, other ${(total - code - old).toFixed(1)} MB`;
}

const pct = (from: number, to: number) => ((to - from) / from) * 100;
const mbText = (value: number) => `${value.toFixed(0)} MB`;

/**
 * The process `npm start` runs, measured from outside (resident set from /proc): at rest, before (tsx
 * transpiling at run time) and after (the built `dist-server/main.js` on plain node); and over ten
 * consecutive load runs with no reset in between, with and without `--optimize-for-size`.
 */
export const gatewayRss: BenchFigure = {
  id: 'rss',
  title: 'Gateway resident memory',
  async run(context) {
    const RUNS = positiveEnv('BENCH_RSS_ROUNDS') ?? context.size(10, 2);
    const RUN_MS = positiveEnv('BENCH_RSS_ROUND_MS') ?? context.size(4_000, 500);
    const upstreamTimeoutMs = positiveEnv('BENCH_RSS_UPSTREAM_TIMEOUT_MS');
    const REST_MS = context.size(3_000, 300);
    const IDLE_MS = context.size(2_000, 200);
    const dist = await context.distDir();
    const out = mkdtempSync(path.join(ROOT, 'dist-server-bench-'));
    try {
      const build = spawn(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--ssr',
          'src/server/main.ts',
          '--outDir',
          out,
          '--logLevel',
          'error',
        ],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      if ((await new Promise((resolve) => build.on('exit', resolve))) !== 0)
        throw new Error('server build failed');
      const production = ['--optimize-for-size', path.join(out, 'main.js')];

      const atRest = async (args: string[]) => {
        const server = await startServer(args, dist);
        await loadFor(server.port, 200);
        await pause(REST_MS);
        const value = server.rss();
        await server.stop();
        return value;
      };
      const tsxRest = await atRest(['--import', 'tsx', 'src/server/main.ts']);
      const nodeRest = await atRest(production);
      context.log(`at rest: tsx ${mbText(tsxRest)}, node ${mbText(nodeRest)}`);

      const rows: BenchRow[] = [
        {
          figure: 'Gateway RSS at rest: tsx → built JS on node',
          value: `${mbText(tsxRest)} → ${mbText(nodeRest)}`,
          goal: 'lower',
          verdict: verdict(nodeRest < tsxRest),
          how: `the gateway with the embedded simulator and the SPA, ${REST_MS / 1000} s after a short warm-up, VmRSS`,
        },
      ];
      for (const [label, args] of [
        ['npm start (--optimize-for-size)', production],
        ['plain node', [path.join(out, 'main.js')]],
      ] as const) {
        const server = await startServer([...args], dist, upstreamTimeoutMs);
        const samples: number[] = [];
        const heaps: number[] = [];
        const spaces: Record<string, number>[] = [];
        let requests = 0;
        for (let run = 0; run < RUNS; run += 1) {
          requests += await loadFor(server.port, RUN_MS);
          samples.push(server.rss());
          const live = await server.liveHeap();
          heaps.push(live.total);
          spaces.push(live.spaces);
          context.log(
            `${label}, run ${run + 1}: ${mbText(samples.at(-1) ?? 0)}, live heap ${mbText(live.total)} (${spaceText(live.spaces)})`,
          );
        }
        await pause(IDLE_MS);
        const idle = server.rss();
        await server.stop();
        const [first = 0, last = 0] = [samples[0], samples.at(-1)];
        const growth = pct(first, last);
        rows.push({
          figure: `Gateway RSS over ${RUNS} load runs, ${label}: after 1st → after ${RUNS}th`,
          value: `${mbText(first)} → ${mbText(last)} (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} %), idle ${mbText(idle)}`,
          goal: '≤ +25 %',
          verdict: verdict(growth <= 25, `${(growth - 25).toFixed(0)} points`),
          how: `${RUNS} consecutive ${RUN_MS / 1000} s runs at concurrency ${CONCURRENCY}, ${requests} requests (${PATHS.length}-path mix, allowed and refused), no reset${upstreamTimeoutMs ? `, UPSTREAM_TIMEOUT_MS=${upstreamTimeoutMs}` : ''}; VmRSS after each run`,
        });
        const [heapFirst = 0, heapLast = 0] = [heaps[0], heaps.at(-1)];
        const heapGrowth = pct(heapFirst, heapLast);
        rows.push({
          figure: `Gateway live heap after full GC over ${RUNS} load runs, ${label}: after 1st → after ${RUNS}th`,
          value: `${mbText(heapFirst)} → ${mbText(heapLast)} (${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(0)} %)`,
          goal: 'flat (≤ +10 %)',
          verdict: verdict(heapGrowth <= 10, `${(heapGrowth - 10).toFixed(0)} points`),
          how: 'the same runs; after each, SIGUSR2 makes the gateway collect garbage, let finalizers run (200 ms), collect twice more and report heapUsed (scripts/bench/heap-probe.mjs)',
        });
        const [spacesFirst = {}, spacesLast = {}] = [spaces[0], spaces.at(-1)];
        rows.push({
          figure: `Live heap by space, ${label}: after 1st → after ${RUNS}th`,
          value: `${spaceText(spacesFirst)} → ${spaceText(spacesLast)}`,
          goal: '—',
          verdict: '—',
          how: 'v8.getHeapSpaceStatistics() after the same full GCs: `code` is compiled code (grows while V8 optimises hot paths), `old` long-lived data',
        });
      }
      return rows;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
