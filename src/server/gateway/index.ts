import { Hono } from 'hono';
import type { Simulator } from '@/simulator/simulator';
import type { Alerts } from '../alerts/alerts';
import type { GatewayConfig } from '../config';
import type { JobEngine } from '../jobs/job-engine';
import { JobEngineUnavailableError } from '../jobs/engine-unavailable';
import { loggableError } from '../log-safe';
import type { RegistrarCacheOptions } from '../registrar-cache';
import type { KeptWorld } from '../simulated-world';
import type { WaveRunner } from '../waves/runner';
import { logStartFailure, type Area } from './area';
import { alertsArea } from './areas/alerts';
import { authArea } from './areas/auth';
import { auditArea, auditRoutesArea } from './areas/audit';
import { connectionArea } from './areas/connection';
import { edgeArea } from './areas/edge';
import { ferryMemoryArea } from './areas/ferry-memory';
import { githubArea } from './areas/github';
import { identitiesArea } from './areas/identities';
import { movesArea } from './areas/moves';
import { observabilityArea } from './areas/observability';
import { registrarArea } from './areas/registrar';
import { simulatorArea } from './areas/simulator';
import { spaArea } from './areas/spa';
import { unknownApiArea } from './areas/unknown-api';
import { wavesArea } from './areas/waves';
import {
  createServices,
  memoryOf,
  type GatewayMemory,
  type GatewayServices,
  type ServiceOptions,
} from './services';

export type { GatewayMemory, GatewayServices };

export interface GatewayOptions extends ServiceOptions {
  /** Folder of the built SPA to serve; omitted in dev (Vite serves it) and in API-only tests. */
  staticRoot?: string;
  /** Who may call `/__sim/*`: loopback callers (default) or anyone (in-process tests, no socket). */
  controlAccess?: 'loopback' | 'any';
  /** `false`: no request timing at all (the benchmark's "metrics off" gateway). */
  metrics?: boolean;
  /** Caching and spacing of registrar calls (tests turn the cache off). */
  registrarCache?: RegistrarCacheOptions;
}

export interface StopOptions {
  /** How long jobs in hand may run on before they are handed back to the team (0: at once). */
  jobGraceMs?: number;
}

export interface Gateway {
  app: Hono;
  config: GatewayConfig;
  services: GatewayServices;
  /** The areas in the order they are mounted and started (stopped in reverse). */
  areas: readonly Area[];
  /** Every route mounted, as `METHOD path` (the dev server and `npm start` serve the same list). */
  routes(): string[];
  /** Start every area's background work; resolves with the areas that started (a failure is logged). */
  start(): Promise<string[]>;
  /**
   * Stop the job engine (no more jobs; those in hand get `jobGraceMs`, default none, then go back to the team),
   * then every area in reverse order. The host closes the store it opened.
   */
  stop(options?: StopOptions): Promise<void>;
  /** The server bound this port (port 0 picks one): nothing Ferry sends may reach it. */
  listeningOn(port: number): void;
  // Shortcuts to services that hosts and tests reach.
  memory: GatewayMemory;
  simulator?: Simulator;
  simulatorWorld?: KeptWorld;
  waves?: WaveRunner;
  alerts?: Alerts;
  jobs?: () => Promise<JobEngine>;
  stopJobs(): Promise<void>;
}

/**
 * THE place the gateway is assembled (`npm start`, `npm run dev` and the tests all come here): the shared
 * services are built once (`services.ts`), then every area is listed once — what it mounts, starts and stops.
 * A new area is one file in `areas/` and one line below.
 */
export function composeGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const services = createServices(config, options);
  const areas: Area[] = [
    edgeArea(services, options.metrics !== false),
    // Right after the edge: its middleware records every write a later route answers.
    auditArea(services),
    // After the audit (which records every write, refused ones too), before every area that answers `/api`.
    authArea(services),
    observabilityArea(services),
    connectionArea(services),
    simulatorArea(services, options.controlAccess ?? 'loopback'),
    githubArea(services),
    ferryMemoryArea(services),
    alertsArea(services),
    wavesArea(services),
    movesArea(services),
    identitiesArea(services),
    registrarArea(services, options.registrarCache),
    // After the sign-in, so the audit log's readers are known (and refused without a session).
    auditRoutesArea(services),
    unknownApiArea,
    spaArea(options.staticRoot),
  ];
  const app = new Hono();
  for (const area of areas) area.mount?.(app);
  app.onError((error, c) => {
    // Not a failure of the request: the job engine starts again at its next use.
    if (error instanceof JobEngineUnavailableError) {
      return c.json({ message: error.message, code: 'JOBS_STARTING', source: 'gateway' }, 503, {
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    console.error(`[gateway] unexpected error: ${loggableError(error, services.secrets.list())}`);
    return c.json(
      { message: 'Ferry’s server failed unexpectedly.', code: 'INTERNAL', source: 'gateway' },
      500,
    );
  });

  const start = async () => {
    const started: string[] = [];
    for (const area of areas) {
      if (!area.start) continue;
      await Promise.resolve(area.start()).then(() => started.push(area.name), logStartFailure(area.name));
    }
    return started;
  };
  const stop = async ({ jobGraceMs }: StopOptions = {}) => {
    // Jobs first, while everything their handlers use still runs (an area's stop also stops the engine).
    await services.jobs?.stop(jobGraceMs);
    for (const area of [...areas].reverse()) {
      await Promise.resolve(area.stop?.()).catch((error: unknown) =>
        console.error(
          `[${area.name}] did not stop cleanly: ${loggableError(error, services.secrets.list())}`,
        ),
      );
    }
  };
  return {
    app,
    config,
    services,
    areas,
    routes: () => app.routes.map((route) => `${route.method} ${route.path}`),
    start,
    stop,
    listeningOn: (port) => void services.own.ports.add(port),
    memory: memoryOf(services),
    simulator: services.upstreams.simulator,
    simulatorWorld: services.upstreams.simulatorWorld,
    waves: services.waves,
    alerts: services.alerts,
    jobs: services.jobs?.engine,
    stopJobs: async () => services.jobs?.stop(),
  };
}
