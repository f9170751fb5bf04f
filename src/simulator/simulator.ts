import { Hono } from 'hono';
import { createClock, type SimClock } from './clock';
import { decodeWorld, encodeWorld } from './world-file';
import { createGithubApp, type GithubAppOptions } from './github/app';
import { GITHUB_PREFIX, githubError } from './github/http';
import { createSourceGraphqlApp, SOURCE_GRAPHQL_PATH } from './github/graphql/app';
import { OAUTH_PREFIX } from './github/oauth/oauth-apps';
import { createOAuthApp } from './github/oauth/oauth-routes';
import { registerImportRoutes } from './github/imports/routes';
import { registerMigrationRoutes } from './github/migrations/routes';
import { registerInventoryRoutes } from './github/routes/inventory';
import { registerRepositoryUpdate } from './github/routes/repository-update';
import { createStorageApp, STORAGE_PREFIX } from './github/migrations/storage';
import { createGithubState, type GithubState, type Scenario } from './github/state';
import { createRegistrarApp } from './registrar/app';
import { registerRequirementRoutes } from './registrar/requirements/routes';
import { REGISTRAR_PREFIX, newRequestId, registrarError } from './registrar/envelope';
import { withFaults } from './faults/apply-fault';
import { createFaultInjector, type FaultInjector, type FaultRequest } from './faults/fault-injector';
import type { FaultRuleInput } from './faults/fault-rules';
import { TARGET_SIMULATOR_HOST, TARGET_SIMULATOR_ORIGIN } from './target/app';
import { createTargetSimulator, type TargetSimulator } from './target/target';
import { createGeiStorage } from './target/uploads/gei-storage';

export interface SimulatorOptions {
  /** Simulated seconds per real second; 0 freezes time (tests advance it explicitly). */
  speed?: number;
  scenario?: Scenario;
  startMs?: number;
  /** Faults in force from the start (`SIM_FAULTS`); `reset()` clears them. */
  faults?: FaultRuleInput[];
  /** Archive bytes per KB of repository size (`SIM_ARCHIVE_BYTES_PER_KB`; default 1). */
  archiveBytesPerKb?: number;
  /** Origin of archive storage (default: the API's host name on the next port). */
  storageOrigin?: GithubAppOptions['storageOrigin'];
  /** Embedded in the gateway: body URLs on the gateway's origin (`GATEWAY_ORIGIN_HEADER`). */
  trustGatewayOrigin?: boolean;
}

export interface Simulator {
  /**
   * Answers requests for both APIs: GitHub under `/api/v3` (its GraphQL at `/api/graphql`, its OAuth web flow at
   * `/login/oauth/authorize` and `/login/oauth/access_token`), the registrar under `/api/json/v3`; and, for a URL
   * on `TARGET_SIMULATOR_ORIGIN`, the target GitHub.com (REST at `/`, GraphQL at `/graphql`, `/uploads`).
   */
  fetch: (request: Request) => Promise<Response>;
  /** The target GitHub.com whatever the URL's host (the standalone simulator serves it on its own port). */
  targetFetch: (request: Request) => Promise<Response>;
  /** The target GitHub.com (issue 35): its world, reset and saved with the source's. */
  target: TargetSimulator;
  clock: SimClock;
  github: () => GithubState;
  reset(options?: { scenario?: Scenario; startMs?: number }): void;
  advance(seconds: number): void;
  readonly scenario: Scenario;
  /** Fault injection: rules added here apply to every request the simulator answers. */
  faults: FaultInjector;
  /** Told after every reset and time jump (a watcher of the simulator forgets or looks again). */
  onChange(listener: (change: 'reset' | 'advance') => void): () => void;
  /** The simulated GitHub as a file's text (see world-file.ts). */
  saveWorld(): string;
  /** Take up a saved world (its clock included); false when the text is not one, or of another scenario. */
  loadWorld(text: string): boolean;
}

export { GITHUB_PREFIX, REGISTRAR_PREFIX, TARGET_SIMULATOR_ORIGIN };

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = createClock({ speed: options.speed ?? 1, startMs: options.startMs });
  let scenario: Scenario = options.scenario ?? 'quiet';
  let github = createGithubState(clock, scenario, options.archiveBytesPerKb);
  const getGithub = () => github;

  const app = new Hono();
  app.route(
    GITHUB_PREFIX,
    createGithubApp(
      getGithub,
      clock,
      [registerMigrationRoutes, registerImportRoutes, registerRepositoryUpdate, registerInventoryRoutes],
      {
        storageOrigin: options.storageOrigin,
        trustGatewayOrigin: options.trustGatewayOrigin,
      },
    ),
  );
  // GHES's GraphQL, beside its REST (read-only: what a validation counts).
  app.route(SOURCE_GRAPHQL_PATH, createSourceGraphqlApp(getGithub, clock));
  // GitHub's OAuth web flow at the host's root, as on GHES (`https://HOST/login/oauth/…`): sign-in (issue 51).
  app.route(OAUTH_PREFIX, createOAuthApp(getGithub, clock));
  app.route(REGISTRAR_PREFIX, createRegistrarApp([registerRequirementRoutes]));
  // Object storage for migration archives (signed URLs; outside the API: no token, no rate limit).
  app.route(STORAGE_PREFIX, createStorageApp(getGithub, clock));
  // Hono consults only the top-level app's notFound; the sub-apps' own handlers never run once mounted.
  app.notFound((c) =>
    c.req.path.startsWith(`${REGISTRAR_PREFIX}/`)
      ? registrarError(c, 404, 'NOT_FOUND', 'Unknown endpoint.', newRequestId())
      : githubError(c, 404, 'Not Found'),
  );

  const faults = createFaultInjector();
  if (options.faults) faults.add(options.faults);
  const listeners = new Set<(change: 'reset' | 'advance') => void>();
  const tell = (change: 'reset' | 'advance') => {
    for (const listener of listeners) listener(change);
  };

  const sourceFetch = async (request: Request) =>
    withSimulatedDate(
      await withFaults(
        faults,
        request,
        describe(request),
        async (r) => app.fetch(r),
        () => clock.now(),
      ),
      // Porkbun is another service on real time (its throttle's `X-RateLimit-Reset` too): its own `Date`.
      new URL(request.url).pathname.startsWith(`${REGISTRAR_PREFIX}/`) ? Date.now() : clock.now(),
    );
  const target = createTargetSimulator({ clock, fetchSource: sourceFetch, createStorage: createGeiStorage });
  const targetFetch = async (request: Request) =>
    withSimulatedDate(await target.app.fetch(request), clock.now());

  return {
    fetch: (request) =>
      new URL(request.url).host === TARGET_SIMULATOR_HOST ? targetFetch(request) : sourceFetch(request),
    targetFetch,
    target,
    faults,
    clock,
    github: getGithub,
    get scenario() {
      return scenario;
    },
    reset(next = {}) {
      scenario = next.scenario ?? scenario;
      clock.reset(next.startMs);
      github = createGithubState(clock, scenario, options.archiveBytesPerKb);
      target.reset();
      faults.clear();
      tell('reset');
    },
    advance(seconds) {
      clock.advance(seconds);
      tell('advance');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveWorld: () => encodeWorld(github, clock.now(), target.save()),
    loadWorld(text) {
      const saved = decodeWorld(text);
      if (!saved || saved.github.scenario !== scenario) return false;
      // A world saved before the target existed starts the target afresh.
      if (saved.target === undefined) target.reset();
      else if (!target.load(saved.target)) return false;
      github = saved.github;
      clock.reset(saved.nowMs);
      return true;
    },
  };
}

/**
 * Every answer's `Date` is the simulator's clock, as a real server's `Date` is its own: a client that computes
 * waits from `x-ratelimit-reset` must compare it with this, not with its own clock.
 */
function withSimulatedDate(response: Response, nowMs: number): Response {
  try {
    response.headers.set('date', new Date(nowMs).toUTCString());
    return response;
  } catch {
    // Immutable headers (a Response from elsewhere): copy it.
    const headers = new Headers(response.headers);
    headers.set('date', new Date(nowMs).toUTCString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Which upstream and relative path a request addresses (for fault rules); undefined for neither. */
function describe(request: Request): FaultRequest | undefined {
  const { pathname } = new URL(request.url);
  for (const [upstream, prefix] of [
    ['github', GITHUB_PREFIX],
    ['registrar', REGISTRAR_PREFIX],
  ] as const) {
    if (pathname.startsWith(`${prefix}/`)) {
      return { upstream, method: request.method, path: pathname.slice(prefix.length + 1) };
    }
  }
  return undefined;
}
