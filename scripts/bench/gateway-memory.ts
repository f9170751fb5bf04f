import { startGatewayServers } from './gateway-servers';
import { runLoad } from './load';
import { mb } from './stats';
import { verdict, type BenchFigure } from './types';

const CONCURRENCY = 8;
/** A mix of what the dashboard does and what it refuses. */
const PATHS = [
  '/api/github/rate_limit',
  '/api/github/user',
  '/api/github/user/orgs',
  '/api/github/orgs/octo-org/repos?per_page=5&page=2',
  '/api/github/gists',
  '/api/github/orgs/%2e%2e/repos',
  '/api/registrar/domain/getRegistrationRequirements/com',
  '/api/config',
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sustained, bounded load on the gateway with the embedded simulator (reset between rounds so GitHub's
 * limit never runs out). The servers' process is sampled after forced GC: under load after every round,
 * and at rest after half the rounds and after all of them. Flat: the end at rest is within 5 % of the
 * half-way point at rest.
 */
export const gatewayMemory: BenchFigure = {
  id: 'memory',
  title: 'Gateway memory',
  async run(context) {
    const ROUNDS = context.size(10, 2);
    const PER_ROUND = context.size(4_000, 200);
    /**
     * Upstream timers are cleared as soon as an answer is done (they used to keep each request reachable for
     * UPSTREAM_TIMEOUT_MS), so a short rest is enough for samples "at rest" to show what stays for good.
     */
    const REST_MS = context.size(3_000, 200);
    const servers = await startGatewayServers();
    try {
      context.log(`memory: ${ROUNDS} rounds × ${PER_ROUND} requests, two ${REST_MS / 1000} s rests`);
      const underLoad: number[] = [];
      const rest: { heapUsed: number; rss: number; gc: boolean }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        await servers.reset();
        const result = await runLoad({
          port: servers.ports.embedded,
          paths: PATHS,
          total: PER_ROUND,
          concurrency: CONCURRENCY,
        });
        if (result.errors > 0) throw new Error(`${result.errors} requests failed in round ${round + 1}`);
        const sample = await servers.sample();
        underLoad.push(sample.heapUsed);
        context.log(`round ${round + 1}: heap ${mb(sample.heapUsed)}, rss ${mb(sample.rss)}`);
        if (round === ROUNDS / 2 - 1 || round === ROUNDS - 1) {
          await pause(REST_MS);
          const settled = await servers.sample();
          rest.push(settled);
          context.log(`at rest: heap ${mb(settled.heapUsed)}, rss ${mb(settled.rss)}`);
        }
      }
      const [half, end] = rest;
      if (!half || !end) throw new Error('no memory samples');
      const heapGrowth = (end.heapUsed - half.heapUsed) / half.heapUsed;
      const rssGrowth = (end.rss - half.rss) / half.rss;
      const secondHalf = underLoad.slice(ROUNDS / 2);
      return [
        {
          figure: 'Gateway heap at rest: half-way → end',
          value: `${mb(half.heapUsed)} → ${mb(end.heapUsed)} (${(heapGrowth * 100).toFixed(1)} %)`,
          goal: 'flat (≤ +5 %)',
          verdict: verdict(heapGrowth <= 0.05, `${(heapGrowth * 100 - 5).toFixed(1)} points`),
          how: `${ROUNDS * PER_ROUND} requests (${PATHS.length}-path mix, allowed and refused) at concurrency ${CONCURRENCY}; heap after forced GC${end.gc ? '' : ' (no --expose-gc: unforced)'}, ${REST_MS / 1000} s after the load`,
        },
        {
          figure: 'Gateway heap under load, second half: min / max',
          value: `${mb(Math.min(...secondHalf))} / ${mb(Math.max(...secondHalf))}`,
          goal: '—',
          verdict: '—',
          how: 'forced GC right after each round',
        },
        {
          figure: 'Gateway RSS at rest: half-way → end',
          value: `${mb(half.rss)} → ${mb(end.rss)} (${(rssGrowth * 100).toFixed(1)} %)`,
          goal: '—',
          verdict: '—',
          how: 'resident set of the same process at the same samples (the allocator keeps pages, so RSS lags)',
        },
      ];
    } finally {
      await servers.stop();
    }
  },
};
