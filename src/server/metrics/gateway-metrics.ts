import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MOVE_REPOSITORY_STEPS, MOVE_STATES, type Move } from '@/contracts/move-run';
import { WAVE_BATCH_STATES, type Wave } from '@/contracts/waves';
import type { RateReading } from '../store/rate-history';

/**
 * What `GET /metrics` exposes, in Prometheus's text format (prom-client). Counters are this gateway's own (a
 * team's Prometheus sums them over gateways); gauges read at scrape time describe the team's shared state (the
 * waves and the store) or what this gateway last saw of GitHub's limits. Names and labels: docs/monitoring.md.
 */
export interface MetricsSources {
  /** The newest rate-limit reading of each category this gateway saw. */
  rateReadings: () => RateReading[];
  /** Every wave in the store. */
  waves?: () => Promise<Wave[]>;
  /** Every move in the store. */
  moves?: () => Promise<Move[]>;
  /** Whether the store answers a trivial query in time. */
  storeUp?: () => Promise<boolean>;
}

import { DEFAULT_CREDENTIAL } from '../credentials/credential-config';

/**
 * A read shared by the gauges of one scrape (prom-client starts every collect at once), forgotten as soon as it
 * settles: the next scrape reads afresh. (A timer to forget it could wait behind an embedded store whose queries
 * never yield to timers, and serve the previous scrape's figures.)
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}

/**
 * prom-client's process figures, the event loop's delay sampled every 100 ms: its default 10 ms woke an idle
 * gateway 100 times a second, 0.4 % of a core (issue 46 item 16); a stall long enough to matter still shows.
 */
const PROCESS_METRICS = { eventLoopMonitoringPrecision: 100 };

/** GitHub's "wait" as this gateway met it, and the requests it therefore did not send (by side: bounded labels). */
function accountLimitCounters(registry: Registry) {
  return {
    accountHolds: new Counter({
      name: 'ferry_github_holds_total',
      help: 'Times GitHub asked an account to wait (a secondary limit, a spent budget) in an answer to this gateway, by side.',
      labelNames: ['side'] as const,
      registers: [registry],
    }),
    heldRequests: new Counter({
      name: 'ferry_github_held_requests_total',
      help: 'Requests this gateway did not send because their account was held after GitHub asked it to wait, by side.',
      labelNames: ['side'] as const,
      registers: [registry],
    }),
  };
}

export function createGatewayMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Process figures (CPU, memory, event loop) only for a real gateway: tests make many gateways in one process.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, ...PROCESS_METRICS });
  let sources: MetricsSources = { rateReadings: () => [] };

  const upstreamRequests = new Counter({
    name: 'ferry_upstream_requests_total',
    help: 'Requests this gateway sent upstream, by upstream, operation (Ferry’s operation id) and answer status.',
    labelNames: ['upstream', 'operation', 'status'] as const,
    registers: [registry],
  });
  const watchPolls = new Counter({
    name: 'ferry_watch_polls_total',
    help: 'Polls of watched resources by this gateway: changed (200), not_modified (304, free), failed, unreachable.',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const alertDeliveries = new Counter({
    name: 'ferry_alert_deliveries_total',
    help: 'Alert delivery attempts by this gateway: delivered, retried (will try again), failed (for good).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const { accountHolds, heldRequests } = accountLimitCounters(registry);
  const auditAppendFailures = new Counter({
    name: 'ferry_audit_append_failures_total',
    help: 'Writes this gateway answered but could not record in the audit log (the store failed or was slow).',
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'ferry_http_request_duration_seconds',
    help: 'Time this gateway took to answer, by method, route group and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  const rateGauge = (name: string, help: string, value: (reading: RateReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['credential', 'resource'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const reading of sources.rateReadings())
          this.set(
            { credential: reading.credential ?? DEFAULT_CREDENTIAL, resource: reading.resource },
            value(reading),
          );
      },
    });
  rateGauge('ferry_rate_limit_remaining', 'Requests left in the category’s window.', (r) => r.remaining);
  rateGauge('ferry_rate_limit_limit', 'The category’s limit per window.', (r) => r.limit);
  rateGauge(
    'ferry_rate_limit_reset_timestamp_seconds',
    'When the category’s window resets (Unix time).',
    (r) => Math.floor(r.reset.getTime() / 1000),
  );

  // One read of the waves serves both wave gauges of a scrape. A store that does not answer leaves them empty,
  // as the moves' below: the scrape is still answered (ferry_store_up says why).
  const readWaves = oncePerScrape(() =>
    (sources.waves?.() ?? Promise.resolve([])).catch((): undefined => undefined),
  );
  new Gauge({
    name: 'ferry_wave_batches',
    help: 'Batches of every wave in the store, by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const waves = await readWaves();
      this.reset();
      if (!waves) return;
      const counts = new Map<string, number>(WAVE_BATCH_STATES.map((state) => [state, 0]));
      for (const wave of waves)
        for (const batch of wave.batches) counts.set(batch.state, (counts.get(batch.state) ?? 0) + 1);
      for (const [state, count] of counts) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'ferry_wave_archive_bytes',
    help: 'Bytes of the verified archives of every wave in the store.',
    registers: [registry],
    async collect() {
      // prom-client exposes a gauge without labels even when reset: unread, it says 0 beside ferry_store_up 0.
      const waves = await readWaves();
      this.reset();
      if (!waves) return;
      let bytes = 0;
      for (const wave of waves)
        for (const batch of wave.batches) if (batch.state === 'verified') bytes += batch.bytes ?? 0;
      this.set(bytes);
    },
  });
  // One read of the moves serves both move gauges of a scrape; an unanswered read leaves them empty (never 0s
  // that read as "nothing moves").
  const readMoves = oncePerScrape(() =>
    (sources.moves?.() ?? Promise.resolve([])).catch((): undefined => undefined),
  );
  /** A gauge of counts by one label, every known value exposed (0 when none: rules over it see no gap). */
  const countGauge = <L extends string>(
    name: string,
    help: string,
    label: L,
    values: readonly string[],
    count: (moves: Move[], add: (value: string) => void) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label] as const,
      registers: [registry],
      async collect() {
        const moves = await readMoves();
        this.reset();
        if (!moves) return;
        const counts = new Map<string, number>(values.map((value) => [value, 0]));
        count(moves, (value) => counts.set(value, (counts.get(value) ?? 0) + 1));
        for (const [value, n] of counts) this.set({ [label]: value } as Record<L, string>, n);
      },
    });
  countGauge(
    'ferry_move_repositories',
    'Repositories of every move in the store, by step (waiting … done, failed).',
    'step',
    MOVE_REPOSITORY_STEPS,
    (moves, add) => {
      for (const move of moves) for (const repo of move.repositories) add(repo.step);
    },
  );
  countGauge('ferry_moves', 'Moves in the store, by state.', 'state', MOVE_STATES, (moves, add) => {
    for (const move of moves) add(move.state);
  });
  new Gauge({
    name: 'ferry_store_up',
    help: '1 when the store answered a trivial query within 2 s at this scrape, 0 otherwise.',
    registers: [registry],
    async collect() {
      this.set((await (sources.storeUp?.() ?? Promise.resolve(false))) ? 1 : 0);
    },
  });

  return {
    registry,
    upstreamRequests,
    watchPolls,
    alertDeliveries,
    accountHolds,
    heldRequests,
    auditAppendFailures,
    requestDuration,
    /** Where the scrape-time gauges read (known once the gateway's parts exist). */
    readFrom(next: MetricsSources) {
      sources = next;
    },
  };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;

/** A route group for the duration histogram (never the raw path: its label values must stay few). */
export function routeGroup(pathname: string): string {
  const api = /^\/api\/(github|registrar|ferry|waves|moves|health|config)(?:\/|$)/.exec(pathname);
  if (api) return `/api/${api[1]}`;
  if (pathname === '/metrics') return '/metrics';
  if (pathname.startsWith('/__sim/')) return '/__sim';
  if (pathname.startsWith('/assets/')) return '/assets';
  if (pathname.startsWith('/api/')) return '/api/other';
  return 'page';
}
