import { rateEvent, watchedEvent } from '../alerts/alert-events';
import { createAuditRecorder, type AuditRecorder } from '../audit/audit-recorder';
import { createAlerts, type Alerts } from '../alerts/alerts';
import type { GatewayConfig } from '../config';
import { createCredentials, type Credentials } from '../credentials/credentials';
import { createGatewayMetrics, type GatewayMetrics } from '../metrics/gateway-metrics';
import {
  countedLimits,
  processAccountLimits,
  storeAccountLimits,
  type AccountLimits,
} from '../credentials/account-limits';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { jsonBounds } from '../outbound/bounds';
import { handedUrlChecks, type HandedUrlChecks } from '../outbound/handed-sources';
import type { OwnAddress } from '../outbound/own-address';
import { createRateRecorder, type RateRecorder } from '../rate-recorder';
import { createSecretRegistry, type SecretRegistry } from '../secret-registry';
import { secretsOf } from '../security';
import { answersWithin } from '../store/store-health';
import type { FerryStore } from '../store/ferry-store';
import { createWatcher, type Watcher } from '../watch/watcher';
import { splitWatchKey } from '../watch/watch-targets';
import type { WaveRunner } from '../waves/runner';
import { createGithubSender, type GithubSender } from './github-sender';
import { jobsOnDemand, type JobsOnDemand } from './jobs-on-demand';
import { createUpstreams, type Upstreams } from './upstreams';
import { createWaveService, lazyWaveRepository } from './wave-service';

export interface ServiceOptions {
  /** Ferry's memory (opened by the host: opening is asynchronous). */
  store?: FerryStore;
  /** A store for `/api/ferry/*` and waves only, opened on first use (component tests): nothing is recorded. */
  lazyStore?: () => Promise<FerryStore>;
  /** The shared watcher (on unless a test turns it off). */
  watch?: boolean;
  /** `ARCHIVE_DIR`: with a store, migration waves keep their archives here (shared by a team's gateways). */
  archiveDir?: string;
  /** Keep the embedded simulator's world in this folder across restarts (`npm start`; not in tests). */
  keepSimulatorWorldIn?: string;
  /** Expose the process's own figures (CPU, memory, event loop) at `/metrics` (`npm start`; not in tests). */
  processMetrics?: boolean;
  /** A test's own upstreams instead of the network or the embedded simulator. */
  upstreams?: { github?: UpstreamFetch; registrar?: UpstreamFetch; target?: UpstreamFetch };
  /** A move's paces (tests and benchmarks shorten them; src/server/moves/run). */
  moves?: MovePaces;
}

export interface MovePaces {
  /** Waits between status polls of a move's running imports (default 15–60 s). */
  pollMs?: { min: number; max: number };
  /** Wait between two looks at a move whose exports run (default 5 s). */
  exportLookMs?: number;
  /** Upload part size (default GitHub's 100 MiB). */
  partBytes?: number;
}

/** What every area shares, built once, in dependency order. */
export interface GatewayServices {
  config: GatewayConfig;
  upstreams: Upstreams;
  secrets: SecretRegistry;
  credentials: Credentials;
  store?: FerryStore;
  /** The store as routes reach it (open, or opened on first use); none: `/api/ferry/*` answers 503. */
  storeAccess?: () => Promise<FerryStore>;
  jobs?: JobsOnDemand;
  metrics: GatewayMetrics;
  /** Each GitHub account's hold and write slot (the team's, in the store). */
  limits: AccountLimits;
  recorder: RateRecorder;
  alerts?: Alerts;
  github: GithubSender;
  watcher?: Watcher;
  waves?: WaveRunner;
  archiveDir?: string;
  movePaces?: MovePaces;
  /** Ferry's own ports: nothing it sends may reach them (grows when the server binds). */
  own: OwnAddress;
  /** Where each kind of URL an upstream hands back may be fetched from (outbound/handed-url.ts). */
  handed: HandedUrlChecks;
  /** The audit log's recorder: every write, and background work acting for a person (nothing without a store). */
  audit: AuditRecorder;
}

export function createServices(config: GatewayConfig, options: ServiceOptions): GatewayServices {
  const upstreams = createUpstreams(config, {
    keepSimulatorWorldIn: options.keepSimulatorWorldIn,
    given: options.upstreams,
  });
  const handed = handedUrlChecks(config, upstreams.resolvers);
  // Every secret the gateway knows (configured, minted, kept by alert targets): one redaction for all.
  const secrets = createSecretRegistry(secretsOf(config));
  const credentials = createCredentials(config.github.credentials, {
    secrets,
    baseUrl: config.github.baseUrl,
    apiVersion: config.github.apiVersion,
    fetch: upstreams.github,
    bounds: jsonBounds(config),
  });
  const { store } = options;
  const storeAccess = store ? () => Promise.resolve(store) : options.lazyStore;
  const jobs = storeAccess ? jobsOnDemand(storeAccess, config.upstreamTotalMs) : undefined;
  const own: OwnAddress = { ports: new Set([config.port]) };
  const metrics = createGatewayMetrics({ processMetrics: options.processMetrics });
  // Alerts go to receivers on the network, never to Ferry itself.
  const alerts =
    storeAccess && jobs
      ? createAlerts({
          store: storeAccess,
          jobs: jobs.engine,
          fetch: upstreams.live,
          own,
          secrets,
          publicUrl: config.publicUrl,
          onAttempt: (result) => metrics.alertDeliveries.inc({ result }),
        })
      : undefined;
  // GitHub's limits are the account's: one hold and one write slot per account for the whole team (the store).
  const limits = countedLimits(storeAccess ? storeAccountLimits(storeAccess) : processAccountLimits(), {
    hold: (side) => metrics.accountHolds.inc({ side }),
    held: (side) => metrics.heldRequests.inc({ side }),
  });
  const recorder = createRateRecorder(
    store?.rateHistory,
    undefined,
    (reading) => {
      const event = alerts && rateEvent(reading);
      if (event) void alerts?.emit(event);
    },
    config.rateCategoriesMaxUnknown,
  );
  const github = createGithubSender({
    config,
    credentials,
    recorder,
    metrics,
    fetch: upstreams.github,
    checkStorage: handed.archive,
  });
  const watcher =
    options.watch === false
      ? undefined
      : createWatcher({
          fetchUpstream: (key, ifNoneMatch) => {
            const { path, credential } = splitWatchKey(key);
            return github.upstreamGet(path, ifNoneMatch, credential);
          },
          snapshots: store?.watchSnapshots,
          timeline: store?.timeline,
          upstreamNow: recorder.upstreamNow,
          rateHeaders: () => recorder.latestHeaders(),
          soleUser: store?.kind === 'embedded',
          maxEntries: config.watchMaxEntries,
          onPoll: (result) => metrics.watchPolls.inc({ result }),
          onState: (kind, subject, state, body) => {
            const event = alerts && watchedEvent(kind, subject, state, body, recorder.upstreamNow());
            if (event) void alerts?.emit(event);
          },
        });
  const repository = store ? store.waves : options.lazyStore && lazyWaveRepository(options.lazyStore);
  const waves =
    repository && storeAccess && jobs && options.archiveDir
      ? createWaveService({
          config,
          repository,
          store: storeAccess,
          jobs: jobs.engine,
          credentials,
          recorder,
          fetchGithub: upstreams.github,
          checkStorage: handed.archive,
          archiveDir: options.archiveDir,
          alerts,
          limits,
        })
      : undefined;
  metrics.readFrom({
    rateReadings: () => recorder.latest(),
    waves: waves ? () => waves.list() : undefined,
    moves: storeAccess ? async () => (await storeAccess()).moves.list() : undefined,
    storeUp: storeAccess ? () => answersWithin(storeAccess, 2_000) : undefined,
  });
  const audit = createAuditRecorder({
    log: storeAccess && (async () => (await storeAccess()).auditLog),
    secrets: () => secrets.list(),
    onFailure: () => metrics.auditAppendFailures.inc(),
    // Read loosely: the sign-in's configuration is its own (src/server/auth).
    signInConfigured: (config as { auth?: { mode?: string } }).auth?.mode === 'github',
  });
  const { archiveDir } = options;
  return {
    config,
    upstreams,
    secrets,
    credentials,
    store,
    storeAccess,
    jobs,
    metrics,
    recorder,
    alerts,
    github,
    watcher,
    waves,
    archiveDir,
    movePaces: options.moves,
    limits,
    own,
    handed,
    audit,
  };
}

/** What the memory tasks and tests reach: the recorder, the watcher, the gateway's own GET, the credentials. */
export interface GatewayMemory {
  recorder: RateRecorder;
  watcher?: Watcher;
  /** A GET through the gateway's own forwarding, as the watcher and the minute sampler use it. */
  upstreamGet: GithubSender['upstreamGet'];
  credentials: Credentials;
}

export const memoryOf = (services: GatewayServices): GatewayMemory => ({
  recorder: services.recorder,
  watcher: services.watcher,
  upstreamGet: services.github.upstreamGet,
  credentials: services.credentials,
});
