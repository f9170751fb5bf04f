import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, startGateway, type Listening } from '@/testing/node-servers';

/**
 * Issue 33 item 18, the credentials route: `GET /api/credentials` asks GitHub about each credential itself. With
 * GitHub down, stalled or behind an HTML error page it answers in time, each credential's problem in the
 * forwarder's words (`upstream-failure.ts`), never a 500 or a library's "fetch failed".
 */
let silent: Listening;
let html: Listening;
let closedPort: number;

beforeAll(async () => {
  silent = await listen(() => new Promise<Response>(() => {}));
  html = await listen(
    () =>
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
  );
  const released = await listen(() => new Response('bye'));
  closedPort = released.port;
  await released.close();
});

afterAll(async () => {
  await Promise.all([silent.close(), html.close()]);
});

const UPSTREAMS = [
  {
    name: 'down',
    url: () => `http://127.0.0.1:${closedPort}/api/v3`,
    problem: 'The upstream could not be reached.',
  },
  {
    name: 'stalled',
    url: () => `${silent.origin}/api/v3`,
    problem: 'The upstream did not answer within 0.3 s.',
  },
  {
    name: 'answering HTML',
    url: () => `${html.origin}/api/v3`,
    problem: 'The upstream answered HTTP 502 without a JSON body.',
  },
];

describe('GET /api/credentials with GitHub failing', () => {
  for (const upstream of UPSTREAMS) {
    it(`names the failure as the forwarder does when GitHub is ${upstream.name}`, async () => {
      const gateway = await startGateway({
        GITHUB_TOKEN: 'ghp_test',
        GITHUB_API_URL: upstream.url(),
        UPSTREAM_TIMEOUT_MS: '300',
      });
      try {
        const started = performance.now();
        const response = await fetch(`${gateway.origin}/api/credentials`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { credentials: { name: string; problem?: string }[] };
        expect(body.credentials).toEqual([{ name: 'default', kind: 'classic', problem: upstream.problem }]);
        expect(performance.now() - started).toBeLessThan(5_000);
      } finally {
        await gateway.close();
      }
    }, 20_000);
  }
});
