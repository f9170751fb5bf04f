/**
 * The hardening suite's world: the real gateway (`createRuntime`) on a loopback port, in live mode, with a
 * recording fake upstream behind it. Whatever the fake upstream receives is what Ferry would have sent to
 * GitHub or the registrar; tests assert what must never arrive there.
 */
import { connect } from 'node:net';
import { listen, startGateway, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import fakeCredentials from './fake-credentials.json';

export interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Answer = (request: Request) => Response | Promise<Response>;

export interface FakeUpstream extends Listening {
  received: Received[];
  /** Change how the upstream answers from now on. */
  answer(handler: Answer): void;
}

const json: Answer = () =>
  Response.json(
    { ok: true },
    {
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4999',
        'x-ratelimit-reset': '4102444800',
      },
    },
  );

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let handler: Answer = json;
  const received: Received[] = [];
  const server = await listen(async (request) => {
    received.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.clone().text(),
    });
    return handler(request);
  });
  return {
    ...server,
    received,
    answer(next) {
      handler = next;
    },
  };
}

/**
 * Distinctive fake credentials. A JSON file: scripts/test-all.sh builds the browser bundle with them in the
 * environment too (the build the browser tests use), and the secrets suite scans that build instead of its own.
 */
export const FAKE_CREDENTIALS: Readonly<typeof fakeCredentials> = fakeCredentials;

/**
 * A live-mode gateway whose both upstreams are `upstream`. It keeps the production upstream timeouts: a test that
 * stalls the upstream passes its own short `UPSTREAM_TIMEOUT_MS` (a short bound for every test answered 504 to a
 * prompt upstream when the machine was busy).
 */
export async function startLiveGateway(
  upstream: Listening,
  env: Record<string, string> = {},
): Promise<Listening & { runtime: Runtime }> {
  return startGateway({
    ...FAKE_CREDENTIALS,
    GITHUB_API_URL: `${upstream.origin}/api/v3`,
    PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
    ...env,
  });
}

/** Send bytes as they are (no HTTP client to tidy them up) and read until the server closes or answers. */
export function rawExchange(port: number, text: string, timeoutMs = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One answer is enough: stop once a full response head and its declared body are in.
      const so = Buffer.concat(chunks).toString('latin1');
      const head = so.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(so.slice(0, head))?.[1];
      if (head >= 0 && length !== undefined && so.length >= head + 4 + Number(length)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(so);
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(error);
    });
    socket.write(text, 'latin1');
  });
}

/** The status code of a raw answer, or 0 when the connection closed without one. */
export function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
}
