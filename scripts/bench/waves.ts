import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { WavePlanRequest } from '@/contracts/waves';
import { createGithubClient } from '@/server/waves/github-client';
import { createWaveRunner } from '@/server/waves/runner';
import { startJobEngine } from '@/server/jobs/job-engine';
import { handedUrlCheck } from '@/server/outbound/handed-url';
import { downloadArchive } from '@/server/waves/downloader';
import { openStore } from '@/server/store/open-store';
import { createWaveStore } from '@/server/store/wave-store';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator } from '@/simulator/simulator';
import { ROOT } from './context';
import { mb } from './stats';
import { verdict, type BenchFigure, type BenchRow } from './types';
import { serveArchive, writeBenchArchive } from './waves-storage';
import { buildWavePlan } from '@/testing/wave-factories';
import { SIMULATOR_GITHUB_BASE, simulatorOutbound } from '@/testing/simulator-outbound';

const run = promisify(execFile);
const BASE = SIMULATOR_GITHUB_BASE;
const outbound = simulatorOutbound();
const SPEED = 2_000;

const ALL_500: WavePlanRequest = buildWavePlan({ caps: { concurrency: 4 } });
/** A smoke run's wave: ten repositories (one of them broken, so a batch is split) in batches of 5. */
const SMOKE_10: WavePlanRequest = buildWavePlan({
  filters: { namePattern: '*-09?' },
  caps: { maxRepos: 5, concurrency: 4 },
});

/**
 * `plan` (all 500 repositories in batches of 25; ten in a smoke run) on the in-process simulator (big-org,
 * SIM_SPEED=2000), run by `gateways` runners sharing one embedded store and its job queues (as a team's
 * gateways share one server).
 */
async function waveRun(folder: string, gateways: number, plan: WavePlanRequest) {
  const sim = createSimulator({ speed: SPEED, scenario: 'big-org' });
  const store = await openStore({});
  const downloads = Array.from({ length: gateways }, () => 0);
  const runners = downloads.map((_, index) =>
    createWaveRunner({
      repository: createWaveStore(store.db),
      client: createGithubClient({
        baseUrl: BASE,
        token: SIM_TOKENS.octocat,
        fetch: sim.fetch,
        writeSpacingMs: 20,
        bounds: outbound.bounds,
      }),
      fetchStorage: (request) => {
        downloads[index]! += 1;
        return sim.fetch(request);
      },
      storageBounds: outbound.storageBounds,
      checkStorage: outbound.checkStorage,
      githubBaseUrl: BASE,
      archiveDir: path.join(folder, `archives-${gateways}`),
      jobs: () => startJobEngine({ executeSql: store.executeSql, kind: 'embedded', log: () => undefined }),
      minCheckMs: 50,
      maxCheckMs: 1_000,
      log: () => undefined,
    }),
  );
  try {
    const before = sim.github().stats.counted;
    const started = performance.now();
    const wave = await runners[0]!.create(plan);
    await Promise.all(runners.map((runner) => runner.start()));
    await runners[0]!.settled(180_000);
    await Promise.all(runners.map((runner) => runner.settled(30_000)));
    const seconds = (performance.now() - started) / 1000;
    const done = (await runners[0]!.get(wave.id))!;
    return { wave, done, seconds, counted: sim.github().stats.counted - before, downloads };
  } finally {
    for (const runner of runners) await runner.stop();
    await store.close();
  }
}

async function requestsRow(folder: string, plan: WavePlanRequest): Promise<BenchRow[]> {
  const { wave, done, seconds, counted } = await waveRun(folder, 1, plan);
  const planned = wave.batches.length;
  const attempts = done.startsSent;
  const goal = 3 * planned + Math.ceil(500 / 100);
  const extra = done.batches.length - planned;
  const team = await waveRun(folder, 3, plan);
  const size = wave.batches.reduce((total, batch) => total + batch.repos.length, 0);
  return [
    {
      figure: `Wave of ${size} repositories, batches of ${plan.caps.maxRepos}: GitHub requests counted`,
      value: `${counted} (${planned} batches planned, ${attempts} exports started incl. ${extra} from retries and splits; ${done.isolated.length} isolated; ${seconds.toFixed(1)} s)`,
      goal: `≤ ${goal} (3 per batch + 1 per 100 listed)`,
      verdict: verdict(counted <= goal, `${counted - goal}`),
      how: 'in-process simulator big-org at SIM_SPEED=2000, runner on the embedded store; the simulator counts requests against the primary limit (304s free)',
    },
    {
      figure: `Wave of ${size}: GitHub requests counted per export started`,
      value: (counted / Math.max(1, attempts)).toFixed(2),
      goal: '≤ 3 + listing',
      verdict: verdict((counted - 5) / Math.max(1, attempts) <= 3),
      how: 'the same run: (counted − 5 listing pages) ÷ exports started, retries and halves included',
    },
    {
      figure: `Wave of ${size} with 3 gateways on one store: wall time, requests, downloads per gateway`,
      value: `${team.seconds.toFixed(1)} s (1 gateway: ${seconds.toFixed(1)} s); ${team.counted} requests (1 gateway: ${counted}); ${team.done.startsSent} exports started for ${team.done.batches.length} batches; archives fetched per gateway ${team.downloads.join(' / ')}`,
      goal: 'every export once; work shared',
      verdict: verdict(
        team.done.state === 'completed' &&
          team.done.startsSent === team.done.batches.reduce((total, batch) => total + batch.attempts, 0) &&
          team.downloads.filter((count) => count > 0).length > 1,
      ),
      how: 'three runners (each its own pg-boss workers) over one in-process embedded store and simulator; a team test on PostgreSQL with three processes is src/server/jobs/team.test.ts',
    },
  ];
}

export const waves: BenchFigure = {
  id: 'waves',
  title: 'Migration waves',
  async run(context) {
    const ARCHIVE_MB = context.size(100, 1);
    const DOWNLOADS = context.size(20, 2);
    const folder = await mkdtemp(path.join(tmpdir(), 'ferry-bench-waves-'));
    const rows: BenchRow[] = [];
    try {
      const plan = context.size(ALL_500, SMOKE_10);
      context.log(
        `waves: ${plan.filters.namePattern ?? 'all'} repositories in batches of ${plan.caps.maxRepos}`,
      );
      rows.push(...(await requestsRow(folder, plan)));

      context.log(`waves: writing a ${ARCHIVE_MB} MB archive for the download figures`);
      const repos = ['bench-repo-1', 'bench-repo-2'];
      const source = path.join(folder, 'source.tar.gz');
      const size = await writeBenchArchive(source, repos, ARCHIVE_MB * 1024 * 1024);
      const { url, server } = await serveArchive(source);
      try {
        const target = path.join(folder, 'one.tar.gz');
        const started = performance.now();
        await downloadArchive({
          url,
          // The bench's own server, taken as a configured storage origin is.
          check: handedUrlCheck({ origins: [new URL(url).origin], hosts: [] }),
          file: target,
          fetch: (request) => fetch(request),
          bounds: simulatorOutbound().storageBounds,
        });
        const seconds = (performance.now() - started) / 1000;
        await rm(target);
        const throughput = size / 1024 / 1024 / seconds;
        rows.push({
          figure: 'Archive download throughput (loopback storage)',
          value: `${throughput.toFixed(0)} MB/s (${mb(size)} in ${seconds.toFixed(2)} s)`,
          goal: '≥ 100 MB/s',
          verdict: verdict(throughput >= 100),
          how: 'downloadArchive (streamed to disk, SHA-256 on the way, fsync, rename) from an HTTP server on 127.0.0.1',
        });

        context.log(`waves: ${DOWNLOADS} downloads of ${ARCHIVE_MB} MB in a child process`);
        const { stdout } = await run(
          process.execPath,
          [
            '--expose-gc',
            '--import',
            'tsx',
            path.join(ROOT, 'scripts/bench/waves-download-child.ts'),
            url,
            folder,
            String(DOWNLOADS),
            repos.join(','),
          ],
          { cwd: ROOT, maxBuffer: 1024 * 1024 },
        );
        const child = JSON.parse(stdout) as {
          baseline: number;
          peak: number;
          bytes: number;
          seconds: number;
          afterFirst: number;
          end: number;
        };
        const growth = child.peak - child.baseline;
        rows.push({
          figure: `RSS while downloading and verifying ${DOWNLOADS} archives of ${ARCHIVE_MB} MB`,
          value: `peak +${mb(growth)} over ${mb(child.baseline)}; after 2 archives ${mb(child.afterFirst)}, after ${DOWNLOADS} ${mb(child.end)} (${mb(child.bytes)} in ${child.seconds.toFixed(1)} s)`,
          goal: 'flat, ≤ +50 MB',
          verdict: verdict(growth <= 50 * 1024 * 1024, mb(growth - 50 * 1024 * 1024)),
          how: 'a child process (fetch warmed up) runs the downloader and verifier two at a time as the runner does, RSS sampled every 50 ms; peak minus the start',
        });
      } finally {
        server.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    return rows;
  },
};
