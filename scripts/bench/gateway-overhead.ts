import { SIM_TOKENS } from '@/simulator/github/seed';
import { startGatewayServers } from './gateway-servers';
import { runLoad, type LoadResult } from './load';
import { ms, percentile, sortedCopy, times } from './stats';
import { verdict, type BenchFigure } from './types';

const CONCURRENCY = 8;
const GOAL_P99_MS = 5;

const DIRECT_HEADERS = {
  authorization: `Bearer ${SIM_TOKENS.octocat}`,
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

function summary(result: LoadResult) {
  const sorted = sortedCopy(result.latenciesMs);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    rps: (result.latenciesMs.length / result.elapsedMs) * 1000,
    ok: (result.statuses[200] ?? 0) === result.latenciesMs.length && result.errors === 0,
  };
}

/**
 * `GET /rate_limit` (free on GitHub's limit, so the run never exhausts it) at a fixed concurrency over
 * keep-alive loopback sockets: the simulator on its own port versus the same simulator behind the gateway.
 */
export const gatewayOverhead: BenchFigure = {
  id: 'overhead',
  title: 'Gateway overhead',
  async run(context) {
    const TOTAL = context.size(6_000, 200);
    const WARMUP = context.size(1_000, 50);
    const ROUNDS = context.size(4, 2);
    const servers = await startGatewayServers();
    try {
      const targets = [
        { port: servers.ports.sim, path: '/api/v3/rate_limit', headers: DIRECT_HEADERS },
        { port: servers.ports.embedded, path: '/api/github/rate_limit', headers: undefined },
        { port: servers.ports.live, path: '/api/github/rate_limit', headers: undefined },
        { port: servers.ports.bare, path: '/api/github/rate_limit', headers: undefined },
      ];
      for (const target of targets) {
        await runLoad({ ...target, paths: [target.path], total: WARMUP, concurrency: CONCURRENCY });
      }
      // Interleave the targets in rounds so background load on the machine falls on all of them alike.
      const merged: LoadResult[] = targets.map(() => ({
        latenciesMs: [],
        errors: 0,
        statuses: {},
        elapsedMs: 0,
      }));
      context.log(
        `overhead: ${TOTAL} requests × ${targets.length} targets in ${ROUNDS} interleaved rounds at concurrency ${CONCURRENCY}`,
      );
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [index, target] of targets.entries()) {
          const result = await runLoad({
            port: target.port,
            paths: [target.path],
            headers: target.headers,
            total: TOTAL / ROUNDS,
            concurrency: CONCURRENCY,
          });
          const into = merged[index];
          if (!into) continue;
          into.latenciesMs.push(...result.latenciesMs);
          into.errors += result.errors;
          into.elapsedMs += result.elapsedMs;
          for (const [status, count] of Object.entries(result.statuses)) {
            into.statuses[Number(status)] = (into.statuses[Number(status)] ?? 0) + count;
          }
        }
      }
      const [direct, embedded, live, bare] = merged.map(summary);
      if (!direct || !embedded || !live || !bare) throw new Error('missing results');
      if (!direct.ok || !embedded.ok || !live.ok || !bare.ok)
        throw new Error('some requests failed during the overhead run');
      const how = `GET /rate_limit, ${TOTAL} requests per target after ${WARMUP} warm-up, in ${ROUNDS} interleaved rounds, ${CONCURRENCY} concurrent keep-alive loopback connections; servers in a separate process`;
      const overhead = (gateway: ReturnType<typeof summary>) => ({
        p50: gateway.p50 - direct.p50,
        p99: gateway.p99 - direct.p99,
      });
      const inProcess = overhead(embedded);
      const proxied = overhead(live);
      return [
        {
          figure: 'Simulator direct: p50 / p99 / req/s',
          value: `${ms(direct.p50)} / ${ms(direct.p99)} / ${direct.rps.toFixed(0)}`,
          goal: '—',
          verdict: '—',
          how,
        },
        {
          figure: 'Gateway + embedded simulator: p50 / p99 / req/s',
          value: `${ms(embedded.p50)} / ${ms(embedded.p99)} / ${embedded.rps.toFixed(0)}`,
          goal: '—',
          verdict: '—',
          how: 'same load through /api/github/rate_limit (allow-list, security checks, header shaping)',
        },
        {
          figure: 'Gateway overhead (embedded): p50 / p99',
          value: `${ms(inProcess.p50)} / ${ms(inProcess.p99)}`,
          goal: 'p99 ≤ 5 ms',
          verdict: verdict(inProcess.p99 <= GOAL_P99_MS, ms(inProcess.p99 - GOAL_P99_MS)),
          how: 'gateway latency minus direct simulator latency, at the same percentile',
        },
        {
          figure: 'Gateway p99 ÷ simulator direct p99, same run: embedded / live',
          value: `${times(embedded.p99, direct.p99)} / ${times(live.p99, direct.p99)}`,
          goal: '—',
          verdict: '—',
          how: 'the overhead rows as ratios: on a slower or busier machine both sides slow down together, so the ratio carries where milliseconds do not',
        },
        {
          figure: 'Gateway work per request (from throughput)',
          value: ms(1000 / embedded.rps - 1000 / direct.rps, 3),
          goal: '—',
          verdict: '—',
          how: '1/throughput through the gateway minus 1/throughput direct: busy time per request, less sensitive to queueing on a loaded machine than p99',
        },
        {
          figure: 'Metrics on vs off (embedded gateway): p99 difference',
          value: `${ms(embedded.p99 - bare.p99)} (${ms(embedded.p99)} with, ${ms(bare.p99)} without)`,
          goal: '≤ 1 ms',
          verdict: verdict(embedded.p99 - bare.p99 <= 1, ms(embedded.p99 - bare.p99 - 1)),
          how: 'the same gateway built without metrics (no request timing, no counters) under the same interleaved load',
        },
        {
          figure: 'Metrics on vs off: work per request (from throughput)',
          value: `${ms(1000 / embedded.rps - 1000 / bare.rps, 3)} (${embedded.rps.toFixed(0)} req/s with, ${bare.rps.toFixed(0)} without)`,
          goal: '—',
          verdict: '—',
          how: 'what metrics add to each request’s busy time: 1/throughput with minus without; steadier than the p99 difference, which two runs of the same code put at −1.84 and +2.75 ms',
        },
        {
          figure: 'Gateway overhead (live mode, extra HTTP hop): p50 / p99 / req/s',
          value: `${ms(proxied.p50)} / ${ms(proxied.p99)} / ${live.rps.toFixed(0)}`,
          goal: 'p99 ≤ 5 ms',
          verdict: verdict(proxied.p99 <= GOAL_P99_MS, ms(proxied.p99 - GOAL_P99_MS)),
          how: 'the gateway forwarding over HTTP to the simulator on its own port, as it would to GitHub',
        },
      ];
    } finally {
      await servers.stop();
    }
  },
};
