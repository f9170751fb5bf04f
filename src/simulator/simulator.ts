import { Hono } from 'hono';
import { createClock, type SimClock } from './clock';
import { createGithubApp } from './github/app';
import { GITHUB_PREFIX, githubError } from './github/http';
import { registerImportRoutes } from './github/imports/routes';
import { registerMigrationRoutes } from './github/migrations/routes';
import { createGithubState, type GithubState, type Scenario } from './github/state';
import { createRegistrarApp } from './registrar/app';
import { registerRequirementRoutes } from './registrar/requirements/routes';
import { REGISTRAR_PREFIX, newRequestId, registrarError } from './registrar/envelope';

export interface SimulatorOptions {
  /** Simulated seconds per real second; 0 freezes time (tests advance it explicitly). */
  speed?: number;
  scenario?: Scenario;
  startMs?: number;
}

export interface Simulator {
  /** Answers requests for both APIs: GitHub under `/api/v3`, the registrar under `/api/json/v3`. */
  fetch: (request: Request) => Promise<Response>;
  clock: SimClock;
  github: () => GithubState;
  reset(options?: { scenario?: Scenario; startMs?: number }): void;
  advance(seconds: number): void;
  readonly scenario: Scenario;
}

export { GITHUB_PREFIX, REGISTRAR_PREFIX };

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const clock = createClock({ speed: options.speed ?? 1, startMs: options.startMs });
  let scenario: Scenario = options.scenario ?? 'quiet';
  let github = createGithubState(clock, scenario);
  const getGithub = () => github;

  const app = new Hono();
  app.route(
    GITHUB_PREFIX,
    createGithubApp(getGithub, clock, [registerMigrationRoutes, registerImportRoutes]),
  );
  app.route(REGISTRAR_PREFIX, createRegistrarApp([registerRequirementRoutes]));
  // Hono consults only the top-level app's notFound; the sub-apps' own handlers never run once mounted.
  app.notFound((c) =>
    c.req.path.startsWith(`${REGISTRAR_PREFIX}/`)
      ? registrarError(c, 404, 'NOT_FOUND', 'Unknown endpoint.', newRequestId())
      : githubError(c, 404, 'Not Found'),
  );

  return {
    fetch: async (request) => app.fetch(request),
    clock,
    github: getGithub,
    get scenario() {
      return scenario;
    },
    reset(next = {}) {
      scenario = next.scenario ?? scenario;
      clock.reset(next.startMs);
      github = createGithubState(clock, scenario);
    },
    advance(seconds) {
      clock.advance(seconds);
    },
  };
}
