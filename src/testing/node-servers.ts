/**
 * Node-side test helpers: real HTTP servers on loopback ephemeral ports for the gateway and the simulator,
 * raw HTTP requests (arbitrary Host header and request target), and an in-process gateway caller.
 * Test code only.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { simIntentFor } from '@/contracts/sim-control';
import { answerClientError, serverAnsweringUnparsed } from '@/server/client-error';
import { loadConfig, type GatewayConfig } from '@/server/config';
import {
  composeGateway,
  type Gateway as Runtime,
  type GatewayOptions as RuntimeOptions,
} from '@/server/gateway';
import { createSimulator, type Simulator, type SimulatorOptions } from '@/simulator/simulator';
import { createStandaloneApps, originOnPort } from '@/simulator/standalone';

type Handler = (request: Request, env: HttpBindings) => Response | Promise<Response>;

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Serve `handler` on 127.0.0.1 at an ephemeral port (`configure` sees the Node server first). */
export function listen(
  handler: Handler,
  configure?: (server: ServerType) => void,
  /** Answer what the adapter cannot parse as the gateway does (src/server/main.ts). */
  answerUnparsed = false,
): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: (request, env) => handler(request, env as HttpBindings),
        hostname: '127.0.0.1',
        port: 0,
        ...(answerUnparsed
          ? {
              createServer: serverAnsweringUnparsed(
                (request, env) => handler(request, env as HttpBindings),
                '127.0.0.1',
              ),
            }
          : {}),
      },
      (info: AddressInfo) => {
        resolve({
          origin: `http://127.0.0.1:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              if ('closeAllConnections' in server) server.closeAllConnections();
              server.close(() => done());
            }),
        });
      },
    );
    configure?.(server);
  });
}

/**
 * The simulator on its own loopback port, wired exactly as `src/simulator/main.ts` wires it: archive storage
 * on a second port (`storage`), another origin than the API.
 */
export async function startSimulatorServer(
  options: SimulatorOptions = {},
): Promise<Listening & { sim: Simulator; storage: Listening }> {
  const ready: { storage?: Hono<{ Bindings: HttpBindings }> } = {};
  const storage = await listen((request, env) =>
    ready.storage ? ready.storage.fetch(request, env) : new Response('not ready', { status: 503 }),
  );
  const sim = createSimulator({
    speed: 0,
    scenario: 'quiet',
    storageOrigin: (apiOrigin) => originOnPort(apiOrigin, storage.port),
    ...options,
  });
  const apps = createStandaloneApps(sim);
  ready.storage = apps.storage;
  const listening = await listen((request, env) => apps.api.fetch(request, env));
  return {
    ...listening,
    sim,
    storage,
    close: async () => {
      await listening.close();
      await storage.close();
    },
  };
}

/**
 * The gateway (`composeGateway`) on a loopback ephemeral port. The port is only known once the socket is
 * bound, and the Host check depends on it, so the runtime is built after binding. `close` stops the gateway's
 * areas and jobs too (its watchers went on polling for the rest of the worker's files, into a store the test
 * had closed); a store passed in stays open, as the gateway does not own it.
 */
export async function startGateway(
  env: Record<string, string | undefined>,
  options: RuntimeOptions = {},
): Promise<Listening & { runtime: Runtime }> {
  const ready: { runtime?: Runtime } = {};
  const listening = await listen(
    (request, bindings) => {
      if (!ready.runtime) return new Response('not ready', { status: 503 });
      return ready.runtime.app.fetch(request, bindings);
    },
    // As src/server/main.ts does.
    (server) => server.on('clientError', answerClientError),
    true,
  );
  const runtime = composeGateway({ ...loadConfig(env), port: listening.port }, options);
  ready.runtime = runtime;
  return {
    ...listening,
    runtime,
    close: async () => {
      await listening.close();
      await runtime.stop();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const INTENT_HEADERS = ['origin', 'sec-fetch-site', 'x-ferry-client'];

/**
 * Tests act as a client that knows Ferry: a write states its intent (`x-ferry-client`, as the SPA sends it)
 * unless the test says where it comes from itself, or asks for a bare write (`intent: false`) to test the
 * refusal (src/server/security.ts).
 */
function withIntent(
  method: string | undefined,
  names: string[],
  intent = true,
  path = '',
): Record<string, string> {
  const write = method !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase());
  const stated = names.some((name) => INTENT_HEADERS.includes(name.toLowerCase()));
  return {
    ...(write && intent && !stated ? { 'x-ferry-client': 'ferry-tests' } : {}),
    // A change to the simulated world also names itself (src/contracts/sim-control.ts).
    ...(intent && method ? simIntentFor(method, path || '/') : {}),
  };
}

/** An HTTP/1.1 request with a verbatim request target and Host header (fetch would normalise both). */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; intent?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: target,
        headers: {
          ...withIntent(options.method, Object.keys(options.headers ?? {}), options.intent, target),
          ...options.headers,
        },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!options.headers || !Object.keys(options.headers).some((name) => name.toLowerCase() === 'host')) {
      req.setHeader('host', `127.0.0.1:${port}`);
    }
    req.end(options.body);
  });
}

export const TEST_PORT = 5180;

/** The gateway in process (no socket): requests carry the Host header the gateway expects. */
export function inProcessGateway(env: Record<string, string | undefined> = {}, options: RuntimeOptions = {}) {
  const config: GatewayConfig = { ...loadConfig(env), port: TEST_PORT };
  const runtime = composeGateway(config, { controlAccess: 'any', ...options });
  const origin = `http://127.0.0.1:${TEST_PORT}`;
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('host')) headers.set('host', `127.0.0.1:${TEST_PORT}`);
    for (const [name, value] of Object.entries(withIntent(init.method, [...headers.keys()], true, path)))
      headers.set(name, value);
    return runtime.app.fetch(new Request(`${origin}${path}`, { ...init, headers }));
  };
  return { runtime, call, origin };
}

/** Every header of a response as one string, for "never contains" checks. */
export function headerText(headers: Headers | RawResponse['headers']): string {
  if (headers instanceof Headers) return [...headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : (v ?? '')}`)
    .join('\n');
}

/** Distinctive fake credentials for a live-mode gateway; tests assert they never reach a response. */
export const FAKE_SECRETS = {
  GITHUB_TOKEN: 'fake-github-token-FERRYTESTSECRET-not-real',
  PORKBUN_API_KEY: 'pk1_FERRYTESTSECRETapikey000000000000000001',
  PORKBUN_SECRET_API_KEY: 'sk1_FERRYTESTSECRETsecretkey0000000000000001',
} as const;

export const SPY_ENV = {
  ...FAKE_SECRETS,
  GITHUB_API_URL: 'https://ghe.example.test/api/v3',
  PORKBUN_API_URL: 'https://registrar.example.test/api/json/v3',
} as const;

type Respond = (request: Request) => Response | Promise<Response>;

const emptyJson: Respond = () => Response.json({});

/**
 * The gateway (`composeGateway`) with recording fake upstreams instead of fetch: shows exactly what would be
 * sent upstream, and proves what never is.
 */
export function spyGateway(
  options: { github?: Respond; registrar?: Respond; env?: Record<string, string | undefined> } = {},
) {
  const sent = { github: [] as Request[], registrar: [] as Request[] };
  const config: GatewayConfig = { ...loadConfig({ ...SPY_ENV, ...options.env }), port: TEST_PORT };
  const { app } = composeGateway(config, {
    upstreams: {
      github: async (request) => {
        sent.github.push(request.clone());
        return (options.github ?? emptyJson)(request);
      },
      registrar: async (request) => {
        sent.registrar.push(request.clone());
        return (options.registrar ?? emptyJson)(request);
      },
    },
  });
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('host')) headers.set('host', `127.0.0.1:${TEST_PORT}`);
    for (const [name, value] of Object.entries(withIntent(init.method, [...headers.keys()], true, path)))
      headers.set(name, value);
    return app.fetch(new Request(`http://127.0.0.1:${TEST_PORT}${path}`, { ...init, headers }));
  };
  return { app, config, sent, call, forwarded: () => sent.github.length + sent.registrar.length };
}
