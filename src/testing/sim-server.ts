import { http } from 'msw';
import { setupServer } from 'msw/node';
import { loadConfig } from '@/server/config';
import { createRuntime } from '@/server/runtime';
import { SIM_TOKENS } from '@/simulator/github/seed';

/**
 * Component tests talk to the real gateway and simulator, in-process: msw hands every `/api/*` request
 * the app makes to the gateway's handler. Time is frozen (speed 0) and the scenario is `quiet`, so tests
 * are deterministic; `testRuntime.simulator` lets a test advance the clock or change the scenario.
 */
export const TEST_ORIGIN = 'http://localhost:3000';

export const testRuntime = createRuntime(
  loadConfig({ PORT: '3000', SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }),
  {
    controlAccess: 'any',
  },
);

async function toGateway(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('host', url.host);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  return testRuntime.app.fetch(new Request(url, { method: request.method, headers, body }));
}

export const simServer = setupServer(
  http.all(`${TEST_ORIGIN}/api/*`, ({ request }) => toGateway(request)),
  http.all(`${TEST_ORIGIN}/__sim/*`, ({ request }) => toGateway(request)),
);

export function simulator() {
  const sim = testRuntime.simulator;
  if (!sim) throw new Error('the test runtime has no simulator');
  return sim;
}

/**
 * Act on the simulator's GitHub API directly, as octocat (as another client would): setup and side effects
 * a test needs outside the UI.
 */
export function simGithub(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return simulator().fetch(
    new Request(`${TEST_ORIGIN}/api/v3${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SIM_TOKENS.octocat}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}
