import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context, MiddlewareHandler } from 'hono';
import { CREDENTIAL_HEADER } from '@/contracts/credentials';
import { ABSENT_HEADER } from '@/contracts/ferry';
import type { Match } from './allow-list';
import { githubCredentials } from './credentials/credential-config';
import { createCredentials, type Credential, type Credentials } from './credentials/credentials';
import { createCredentialRoutes } from './credentials/credential-routes';
import { absentAsNull } from './absent-as-null';
import { matchOperation } from './allow-list';
import type { GatewayConfig } from './config';
import { createFerryRoutes } from './ferry-routes';
import { forward } from './forward';
import { gatewayError } from './gateway-error';
import { JobEngineUnavailableError } from './jobs/engine-unavailable';
import { loggableError } from './log-safe';
import { createSecretRegistry, type SecretRegistry } from './secret-registry';
import { redactOwnAnswers } from './redact-own-answers';
import { publicConfig } from './public-config';
import { createRateRecorder, type RateRecorder } from './rate-recorder';
import { recordWrite } from './record-writes';
import { answersWithin } from './store/store-health';
import type { FerryStore } from './store/ferry-store';
import { createWatcher, INTERNAL_ORIGIN, type Watcher } from './watch/watcher';
import { createGatewayMetrics, routeGroup, type GatewayMetrics } from './metrics/gateway-metrics';
import type { Alerts } from './alerts/alerts';
import { rateEvent, watchedEvent } from './alerts/alert-events';
import { createAlertRoutes } from './alerts/alert-routes';
import { createWaveRoutes } from './waves/routes';
import type { WaveRunner } from './waves/runner';
import { splitWatchKey, stalePrefixes, watchTargetOf } from './watch/watch-targets';
import { createRegistrarCache, type RegistrarCacheOptions } from './registrar-cache';
import type { UpstreamFetch } from './outbound/bounded-fetch';
import { jsonBounds } from './outbound/bounds';
import {
  allowedHostNames,
  crossSiteCheck,
  hostCheck,
  passwordCheck,
  redactSecrets,
  secretsOf,
  securityHeaders,
} from './security';

export interface GatewayDeps {
  config: GatewayConfig;
  /** How to reach each upstream: the global fetch for live, the embedded simulator otherwise. */
  fetchGithub: UpstreamFetch;
  fetchRegistrar: UpstreamFetch;
  /** Extra routes the host mounts (static files, the simulator's control interface). */
  mount?: (app: Hono) => void;
  /** Caching and spacing of registrar calls (tests inject a clock). */
  registrarCache?: RegistrarCacheOptions;
  /** Ferry's memory; without it nothing is recorded and `/api/ferry/*` answers 503. */
  store?: FerryStore;
  /** Only for `/api/ferry/*`, opened on first use (component tests): nothing is recorded into it. */
  lazyStore?: () => Promise<FerryStore>;
  /** Follow migrations and imports with one shared watcher (on by default). */
  watch?: boolean;
  /** Who the timeline says asked for a write, when the gateway knows (the simulator's user). */
  actor?: string;
  /** Receives the watcher and recorder, so the host can restore, sample and stop them. */
  onMemory?: (memory: GatewayMemory) => void;
  /** Migration waves (they need the store); without them `/api/waves/*` answers 503. */
  waves?: { runner: WaveRunner; archiveDir: string };
  /** What `GET /metrics` exposes (one is made when not given; `false`: no metrics at all, for the benchmark). */
  metrics?: GatewayMetrics | false;
  /** Alerts (with a store): `/api/alerts/*`, and the watcher's and the rate readings' events. */
  alerts?: Alerts;
  /** The GitHub credentials (made from `config` when not given). */
  credentials?: Credentials;
  /** Every secret the gateway knows, for redacting outside text in its own answers and logs. */
  secrets?: SecretRegistry;
}

export interface GatewayMemory {
  recorder: RateRecorder;
  watcher?: Watcher;
  /** A GET through the gateway's own forwarding, as the watcher and the minute sampler use it. */
  upstreamGet: (path: string, ifNoneMatch?: string, credential?: string) => Promise<Response>;
  credentials: Credentials;
}

/** The gateway as a request handler, testable without a port. */
export function createGateway({
  config,
  fetchGithub,
  fetchRegistrar,
  mount,
  registrarCache,
  store,
  lazyStore,
  watch = true,
  actor,
  waves,
  onMemory,
  metrics: given,
  alerts,
  credentials: givenCredentials,
  secrets: givenSecrets,
}: GatewayDeps): Hono {
  const app = new Hono();
  const registry = givenSecrets ?? createSecretRegistry(secretsOf(config));
  const credentials =
    givenCredentials ??
    createCredentials(githubCredentials(config.github), {
      secrets: registry,
      baseUrl: config.github.baseUrl,
      apiVersion: config.github.apiVersion,
      fetch: fetchGithub,
      bounds: jsonBounds(config),
    });
  const measured = given !== false;
  const metrics = given || createGatewayMetrics();
  const recorder = createRateRecorder(
    store?.rateHistory,
    undefined,
    (reading) => {
      const event = alerts && rateEvent(reading);
      if (event) void alerts?.emit(event);
    },
    config.rateCategoriesMaxUnknown,
  );
  if (measured)
    app.use('*', async (c, next) => {
      const end = metrics.requestDuration.startTimer();
      await next();
      end({ method: c.req.method, route: routeGroup(c.req.path), status: String(c.res.status) });
    });
  app.use('*', securityHeaders);
  app.use(
    '/api/*',
    redactSecrets(() => registry.list()),
  );
  app.use('/api/*', redactOwnAnswers(registry));
  app.use('*', hostCheck(allowedHostNames(config)));
  if (config.password) app.use('*', passwordCheck(config.password));
  app.use('/api/*', crossSiteCheck);
  app.use('/__sim/*', crossSiteCheck);
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.bodyLimitBytes,
      onError: (c) =>
        gatewayError(
          c,
          413,
          `Request bodies are limited to ${config.bodyLimitBytes} bytes.`,
          'BODY_TOO_LARGE',
        ),
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('cache-control', c.res.headers.get('cache-control') ?? 'no-store');
  });

  app.get('/api/health', (c) => c.json({ ok: true }));
  // Behind the same host and password checks as everything else (Prometheus sends basic_auth).
  app.get('/metrics', async (c) => {
    c.header('cache-control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
  app.get('/api/config', (c) => c.json(publicConfig(config)));
  app.route('/api/credentials', createCredentialRoutes(credentials));

  const matchRequest = (c: Context, upstream: 'github' | 'registrar') => {
    const url = new URL(c.req.url);
    const prefix = `/api/${upstream}/`;
    // Match on the raw path: percent-encoded slashes or dots must not be decoded into structure.
    const rawPath = url.pathname.slice(prefix.length);
    if (/%2f|%5c|%2e|%00|[\\\s]/i.test(rawPath) || rawPath.includes('//')) {
      return { ok: false as const, status: 400 as const, message: 'Malformed path.', code: 'BAD_PATH' };
    }
    const result = matchOperation(upstream, c.req.method, rawPath, url.searchParams);
    return result.ok ? { ...result, url } : { ...result, code: 'NOT_ALLOWED' };
  };

  const countUpstream = (upstream: string, operation: string, status: number) =>
    metrics.upstreamRequests.inc({ upstream, operation, status: String(status) });
  const proxy =
    (upstream: 'github' | 'registrar', fetchUpstream: UpstreamFetch): MiddlewareHandler =>
    async (c) => {
      const result = matchRequest(c, upstream);
      if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
      const response = await forward(c, config, result.match, fetchUpstream);
      countUpstream(upstream, result.match.operation.id, response.status);
      return response;
    };

  /** A GitHub call with the credential the request names (or the operation's first), recorded under it. */
  const sendGithub = async (c: Context, match: Match, credential: Credential) => {
    let authorization: string;
    try {
      authorization = await credential.authorization();
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
      return gatewayError(
        c,
        502,
        `The credential “${credential.name}” could not be used: ${reason}`,
        'CREDENTIAL_UNAVAILABLE',
      );
    }
    const response = await forward(c, config, match, fetchGithub, {
      authorization,
      secret: credential.currentSecret(),
    });
    if (response.status === 401) credential.refused();
    recorder.observe(response.headers, credential.name);
    countUpstream('github', match.operation.id, response.status);
    return response;
  };

  /** With several credentials, each answer says whose it is (the app bar shows the one in use). */
  const named = async (answer: Response | Promise<Response>, credential: Credential) => {
    const response = await answer;
    if (credentials.list.length > 1) response.headers.set(CREDENTIAL_HEADER, credential.name);
    return response;
  };

  // The gateway's own GETs (watcher, minute sample): the same forwarding, without the browser-facing checks.
  const internal = new Hono();
  internal.get('/api/github/*', async (c) => {
    const result = matchRequest(c, 'github');
    if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
    const choice = credentials.choose(c.req.header(CREDENTIAL_HEADER), result.match.operation);
    if (!choice.ok) return gatewayError(c, choice.status, choice.message, choice.code);
    return sendGithub(c, result.match, choice.credential);
  });
  const upstreamGet = async (pathAndQuery: string, ifNoneMatch?: string, credential?: string) => {
    const headers: Record<string, string> = {};
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    if (credential) headers[CREDENTIAL_HEADER] = credential;
    return internal.request(`${INTERNAL_ORIGIN}/api/github/${pathAndQuery}`, { headers });
  };
  const watcher = watch
    ? createWatcher({
        fetchUpstream: (key, ifNoneMatch) => {
          const { path, credential } = splitWatchKey(key);
          return upstreamGet(path, ifNoneMatch, credential);
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
      })
    : undefined;
  const routesStore = store ? () => Promise.resolve(store) : lazyStore;
  metrics.readFrom({
    rateReadings: () => recorder.latest(),
    waves: waves ? () => waves.runner.list() : undefined,
    storeUp: routesStore ? () => answersWithin(routesStore, 2_000) : undefined,
  });
  onMemory?.({ recorder, watcher, upstreamGet, credentials });

  const actorOf = (c: Context) => {
    if (actor) return actor;
    const client = c.req.header('x-ferry-client');
    return client && /^[A-Za-z0-9_-]{8,64}$/.test(client) ? `browser ${client.slice(0, 8)}` : 'a browser';
  };

  app.all('/api/github/*', async (c) => {
    const result = matchRequest(c, 'github');
    if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
    const { match, url } = result;
    const choice = credentials.choose(c.req.header(CREDENTIAL_HEADER), match.operation);
    if (!choice.ok) return gatewayError(c, choice.status, choice.message, choice.code);
    // The operation's default credential shares one watch with every tab; another one is followed apart.
    const as = choice.isDefault ? undefined : choice.credential.name;
    const target = watcher && c.req.method === 'GET' ? watchTargetOf(match, url.search, as) : undefined;
    if (target && watcher) {
      const watched = await watcher.serve(
        target,
        c.req.header('if-none-match'),
        () => upstreamGet(`${match.path}${url.search}`, undefined, as),
        actorOf(c),
        url.origin,
      );
      return named(absentAsNull(match.operation, c.req.header(ABSENT_HEADER), watched), choice.credential);
    }
    const response = await sendGithub(c, match, choice.credential);
    if (match.operation.method !== 'GET' && response.status < 300) {
      watcher?.invalidate(stalePrefixes(match));
      if (store) {
        await recordWrite(store, match, response, actorOf(c), recorder.upstreamNow()).catch(
          (error: unknown) =>
            console.error(
              `[store] write not recorded: ${error instanceof Error ? error.message : String(error)}`,
            ),
        );
      }
    }
    return named(absentAsNull(match.operation, c.req.header(ABSENT_HEADER), response), choice.credential);
  });
  if (routesStore) app.route('/api/ferry', createFerryRoutes({ store: routesStore, recorder, watcher }));
  else
    app.all('/api/ferry/*', (c) =>
      c.json({ message: 'Ferry’s store is not open.', code: 'NO_STORE', source: 'gateway' }, 503),
    );
  if (routesStore && alerts) app.route('/api/alerts', createAlertRoutes(routesStore, alerts));
  else
    app.all('/api/alerts/*', (c) =>
      c.json({ message: 'Alerts need Ferry’s store.', code: 'NO_STORE', source: 'gateway' }, 503),
    );
  if (waves) app.route('/api/waves', createWaveRoutes(waves.runner, waves.archiveDir));
  else
    app.all('/api/waves/*', (c) =>
      c.json({ message: 'Ferry’s store is not open.', code: 'NO_STORE', source: 'gateway' }, 503),
    );
  app.all(
    '/api/registrar/*',
    proxy(
      'registrar',
      createRegistrarCache(fetchRegistrar, { timing: jsonBounds(config), ...registrarCache }).fetch,
    ),
  );
  app.all('/api/*', (c) => gatewayError(c, 404, 'Unknown API route.', 'NOT_FOUND'));

  mount?.(app);
  app.onError((error, c) => {
    // Not a failure of the request: the job engine starts again at its next use.
    if (error instanceof JobEngineUnavailableError) {
      return c.json({ message: error.message, code: 'JOBS_STARTING', source: 'gateway' }, 503, {
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    console.error(`[gateway] unexpected error: ${loggableError(error, registry.list())}`);
    return c.json(
      { message: 'Ferry’s server failed unexpectedly.', code: 'INTERNAL', source: 'gateway' },
      500,
    );
  });
  return app;
}
