import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { precompressedAssets } from './precompressed';
import { mountPrerenderedPages } from './prerendered-pages';
import { createControlApp } from '@/simulator/control';
import { SIM_FINE_GRAINED_TOKEN, SIM_TOKENS } from '@/simulator/github/seed';
import { SIM_APP, SIM_APP_PRIVATE_KEY } from '@/simulator/github/apps';
import { githubOperation } from '@/contracts/github/operations';
import { githubCredentials, type GithubCredentialConfig } from './credentials/credential-config';
import { createCredentials, type Credential, type Credentials } from './credentials/credentials';
import type { UpstreamFetch } from './outbound/bounded-fetch';
import { WaveInputError } from './waves/runner';
import { accountKeyOf } from '@/contracts/budgets';
import { defaultCredential } from '@/contracts/credentials';
import { isScenario } from '@/simulator/github/state';
import { loopbackOnly } from '@/simulator/loopback-only';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import { createGateway, type GatewayMemory } from './app';
import { createGatewayMetrics } from './metrics/gateway-metrics';
import { createAlerts, type Alerts } from './alerts/alerts';
import { waveEvents } from './alerts/alert-events';
import { storageTrust } from './archive';
import { archiveBounds, jsonBounds } from './outbound/bounds';
import type { FerryStore } from './store/ferry-store';
import type { GatewayConfig } from './config';
import { createGithubClient, type GithubClient } from './waves/github-client';
import { accountBudget } from './credentials/account-budget';
import { createWaveRunner, type WaveRunner } from './waves/runner';
import { startJobEngine, type JobEngine } from './jobs/job-engine';
import { stepExpirySeconds } from './jobs/queues';
import { keepSimulatedWorld, type KeptWorld } from './simulated-world';
import type { OwnAddress } from './outbound/own-address';
import { createSecretRegistry } from './secret-registry';
import { secretsOf } from './security';
import type { WaveRepository } from './waves/wave-repository';

export interface RuntimeOptions {
  /** Folder of the built SPA to serve; omitted in dev (Vite serves it) and in API-only tests. */
  staticRoot?: string;
  /** Who may call `/__sim/*`: loopback callers (default) or anyone (in-process tests, no socket). */
  controlAccess?: 'loopback' | 'any';
  /** Which seeded user the gateway acts as in simulator mode. */
  simUser?: keyof typeof SIM_TOKENS;
  /** Ferry's memory (opened by the host: opening is asynchronous). */
  store?: FerryStore;
  /** A store for `/api/ferry/*` only, opened on first use (component tests). */
  lazyStore?: () => Promise<FerryStore>;
  /** The shared watcher (on unless a test turns it off). */
  watch?: boolean;
  /** `ARCHIVE_DIR`: with a store, migration waves keep their archives here (shared by a team's gateways). */
  archiveDir?: string;
  /** Keep the embedded simulator's world in this folder across restarts (`npm start`; not in tests). */
  keepSimulatorWorldIn?: string;
  /** Expose the process's own figures (CPU, memory, event loop) at `/metrics` (`npm start`; not in tests). */
  processMetrics?: boolean;
  /** `false`: no request timing at all (the benchmark's "metrics off" gateway). */
  metrics?: boolean;
}

export interface Runtime {
  app: Hono;
  simulator?: Simulator;
  config: GatewayConfig;
  memory: GatewayMemory;
  /** Migration waves (with a store and a data folder): `start()` resumes unfinished ones. */
  waves?: WaveRunner;
  /** The embedded simulator's world kept on disk (with `keepSimulatorWorldIn`). */
  simulatorWorld?: KeptWorld;
  /** The gateway's job engine over its store (started on first use; with a store only). */
  jobs?: () => Promise<JobEngine>;
  /** Alerts (with a store): `start()` takes this gateway's share of deliveries. */
  alerts?: Alerts;
  /** Stop the job engine if it was started (a job in hand goes back to the team when it expires). */
  stopJobs(): Promise<void>;
  /** The server bound this port (port 0 picks one): nothing Ferry sends may reach it. */
  listeningOn(port: number): void;
}

/**
 * Wire the gateway to its upstreams: the live services when configured, the embedded simulator otherwise.
 * Both go through the same gateway code; only the fetch function differs.
 */
export function createRuntime(config: GatewayConfig, options: RuntimeOptions = {}): Runtime {
  const needsSimulator = config.github.mode === 'simulator' || config.registrar.mode === 'simulator';
  const simulator = needsSimulator
    ? createSimulator({
        speed: config.simSpeed,
        scenario: isScenario(config.simScenario) ? config.simScenario : 'demo',
        faults: config.simFaults,
        archiveBytesPerKb: config.simArchiveBytesPerKb,
        trustGatewayOrigin: true,
      })
    : undefined;

  const effective: GatewayConfig = {
    ...config,
    github:
      config.github.mode === 'simulator'
        ? {
            ...config.github,
            token: SIM_TOKENS[options.simUser ?? 'octocat'],
            credentials: config.simCredentials === 'several' ? SIM_CREDENTIALS : [],
          }
        : config.github,
    registrar:
      config.registrar.mode === 'simulator'
        ? {
            ...config.registrar,
            apiKey: SIM_REGISTRAR_KEYS.apiKey,
            secretApiKey: SIM_REGISTRAR_KEYS.secretApiKey,
          }
        : config.registrar,
  };
  const live = (request: Request) => fetch(request);

  const simulatorWorld =
    simulator && options.keepSimulatorWorldIn
      ? keepSimulatedWorld(simulator, options.keepSimulatorWorldIn)
      : undefined;
  const simulated = simulator
    ? async (request: Request) => {
        const response = await simulator.fetch(request);
        simulatorWorld?.answered(request.method);
        return response;
      }
    : live;
  const fetchGithub = config.github.mode === 'simulator' ? simulated : live;
  const { store, lazyStore } = options;
  // A store opened on first use (component tests) serves waves too, through the same interface.
  const waveRepository: WaveRepository | undefined = store
    ? store.waves
    : lazyStore && {
        list: async () => (await lazyStore()).waves.list(),
        get: async (id) => (await lazyStore()).waves.get(id),
        save: async (wave) => (await lazyStore()).waves.save(wave),
        update: async (id, change) => (await lazyStore()).waves.update(id, change),
      };
  const jobStore = store ? () => Promise.resolve(store) : lazyStore;
  // Every secret the gateway knows (configured, minted, kept by alert targets): one redaction for all.
  const secrets = createSecretRegistry(secretsOf(effective));
  const credentials = createCredentials(githubCredentials(effective.github), {
    secrets,
    baseUrl: effective.github.baseUrl,
    apiVersion: effective.github.apiVersion,
    fetch: fetchGithub,
    bounds: jsonBounds(config),
  });
  // One job engine per gateway, started on first use: waves and the memory tasks share it.
  let engine: Promise<JobEngine> | undefined;
  const jobs = jobStore
    ? () => {
        engine ??= jobStore().then((opened) =>
          startJobEngine({
            executeSql: opened.executeSql,
            exclusive: opened.exclusive,
            kind: opened.kind,
            stepExpirySeconds: stepExpirySeconds(config.upstreamTotalMs),
          }),
        );
        // A failed start is not kept: the next use tries again.
        const starting = engine;
        starting.catch(() => {
          if (engine === starting) engine = undefined;
        });
        return starting;
      }
    : undefined;
  // Alerts go to receivers on the network, whatever the upstreams are (a simulator is never a receiver), and
  // never to Ferry itself: its ports are known here and grow when the server binds (`listeningOn`).
  const own: OwnAddress = { ports: new Set([config.port]) };
  const metrics = createGatewayMetrics({ processMetrics: options.processMetrics });
  const alerts =
    jobStore && jobs
      ? createAlerts({
          store: jobStore,
          jobs,
          fetch: live,
          own,
          secrets,
          publicUrl: config.publicUrl,
          onAttempt: (result) => metrics.alertDeliveries.inc({ result }),
        })
      : undefined;
  const waves =
    waveRepository && options.archiveDir && jobs
      ? createWaveRunner({
          repository: waveRepository,
          ...waveClients(effective, credentials, fetchGithub, async (name, spacingMs) => {
            // One account's writes are spaced across the team: its slots are rows of the shared store.
            const account = (await credentials.accounts()).find((found) => found.name === name);
            const key = account ? accountKeyOf(account) : `credential:${name}`;
            return (await jobStore!()).writePace.reserve(key, spacingMs);
          }),
          accountBudget: async (credential) => {
            const fallback = defaultCredential(credentials.list, githubOperation('migrations/start-for-org'));
            const name = credential ?? fallback?.name;
            if (!name) return undefined;
            const readings = memory?.recorder.latest() ?? [];
            return accountBudget(await credentials.accounts(), readings, name, fallback?.name);
          },
          // Storage links carry their own signature: the downloader sends no credentials.
          fetchStorage: fetchGithub,
          storageBounds: archiveBounds(config),
          isTrustedStorage: storageTrust(config),
          githubBaseUrl: effective.github.baseUrl,
          archiveDir: options.archiveDir,
          jobs,
          onChange: alerts
            ? (before, after) => {
                for (const event of waveEvents(before, after, new Date())) void alerts.emit(event);
              }
            : undefined,
        })
      : undefined;

  let memory: GatewayMemory | undefined;
  const app = createGateway({
    config: effective,
    secrets,
    store: options.store,
    lazyStore: options.lazyStore,
    watch: options.watch,
    actor: config.github.mode === 'simulator' ? (options.simUser ?? 'octocat') : undefined,
    onMemory: (created) => {
      memory = created;
    },
    waves: waves && options.archiveDir ? { runner: waves, archiveDir: options.archiveDir } : undefined,
    metrics: options.metrics === false ? false : metrics,
    alerts,
    credentials,
    fetchGithub,
    fetchRegistrar: config.registrar.mode === 'simulator' ? simulated : live,
    mount(gateway) {
      if (simulator) {
        if (options.controlAccess !== 'any') gateway.use('/__sim/*', loopbackOnly);
        const store = options.store;
        if (store) {
          // After a reset the seeded world starts again (ids included): forget what described the old one.
          const githubSimulated = config.github.mode === 'simulator';
          gateway.use('/__sim/reset', async (c, next) => {
            await next();
            if (!c.res.ok) return;
            // Only what describes the simulated world: a live GitHub's records stay (mixed modes).
            await store.forgetSimulatedWorld({
              github: githubSimulated,
              registrar: config.registrar.mode === 'simulator',
            });
            // Waves name exports of the old world by id; the new world reuses those ids.
            if (githubSimulated) waves?.forget();
          });
        }
        gateway.route('/__sim', createControlApp(simulator));
      }
      if (options.staticRoot) mountSpa(gateway, options.staticRoot);
    },
  });
  if (!memory) throw new Error('the gateway did not hand over its memory');
  const watcher = memory.watcher;
  if (simulator && watcher && config.github.mode === 'simulator') {
    simulator.onChange((change) => {
      if (change === 'reset') watcher.clear();
      else void watcher.nudge();
    });
  }
  const stopJobs = async () => {
    const started = engine;
    await (await started?.catch(() => undefined))?.stop();
  };
  const listeningOn = (port: number) => void own.ports.add(port);
  return { app, simulator, config, memory, waves, simulatorWorld, jobs, stopJobs, alerts, listeningOn };
}

/** The simulator's other credentials (`SIM_CREDENTIALS=several`): two more kinds and another user. */
const SIM_CREDENTIALS: GithubCredentialConfig[] = [
  { name: 'hubot', kind: 'classic', token: SIM_TOKENS.hubot },
  { name: 'fine-grained', kind: 'fine-grained', token: SIM_FINE_GRAINED_TOKEN },
  {
    name: 'app',
    kind: 'app',
    appId: String(SIM_APP.id),
    installationId: SIM_APP.installationId,
    privateKey: SIM_APP_PRIVATE_KEY,
  },
];

/**
 * The wave runner's GitHub clients: the first credential that may export by default, one client per named
 * credential (each has its own ETags; tokens of one user share their budget, and their write spacing across
 * the team through `pace`).
 */
function waveClients(
  config: GatewayConfig,
  credentials: Credentials,
  fetchGithub: UpstreamFetch,
  pace: (credential: string, spacingMs: number) => Promise<number>,
) {
  const exportOperation = githubOperation('migrations/start-for-org');
  const clientOf = (credential: Credential | undefined) =>
    createGithubClient({
      baseUrl: config.github.baseUrl,
      authorization: credential ? () => credential.authorization() : undefined,
      apiVersion: config.github.apiVersion,
      fetch: fetchGithub,
      bounds: jsonBounds(config, true),
      sharedPace: credential ? (spacingMs) => pace(credential.name, spacingMs) : undefined,
    });
  const made = new Map<string, GithubClient>();
  return {
    client: clientOf(defaultCredential(credentials.list, exportOperation)),
    clientFor(name: string): GithubClient {
      const choice = credentials.choose(name, exportOperation);
      if (!choice.ok) throw new WaveInputError(choice.message);
      const client = made.get(name) ?? clientOf(choice.credential);
      made.set(name, client);
      return client;
    },
  };
}

function mountSpa(app: Hono, root: string) {
  const indexPath = path.join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.get('*', (c) => c.text('The dashboard is not built yet: run `npm run build` (or `npm start`).', 503));
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // Build metadata (`.vite/manifest.json` lists source paths) and any other dot-file is never served.
  app.use('*', async (c, next) => {
    if (/(?:^|\/)(?:\.|%2e)/i.test(new URL(c.req.url).pathname)) return c.text('Not found', 404);
    await next();
  });
  // Brotli or gzip copies made at build time; anything else is compressed on the way out (the JavaScript is
  // ~3× smaller gzipped: the budget for the first page is counted that way).
  app.use('/assets/*', precompressedAssets(root));
  app.use('/assets/*', compress());
  // Hashed assets are cached for good. Set after the fact: serveStatic's onFound runs once its response
  // is already built, so a header set there is lost.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200 && c.res.headers.has('last-modified')) {
      c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
    }
  });
  app.use('/assets/*', serveStatic({ root }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Before the static files: `/` is a drawn page, not the plain index.html.
  mountPrerenderedPages(app, root);
  app.use('*', serveStatic({ root }));
  // Client-side routes: every other GET renders the SPA.
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
