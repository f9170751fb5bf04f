import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startGateway, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';

/**
 * The simulator's control interface (`/__sim/*`) on the running gateway in simulator mode, over real HTTP:
 * a hostile fault rule or body must not freeze or bloat the process serving the dashboard.
 */
let gateway: Listening & { runtime: Runtime };

beforeAll(async () => {
  gateway = await startGateway({ SIM_SCENARIO: 'quiet', SIM_SPEED: '0' });
});
afterAll(() => gateway.close());

const post = (path: string, body: string) =>
  rawRequest(gateway.port, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.origin, connection: 'close' },
    body,
  });

describe('fault rules that would freeze the gateway', () => {
  it('a path pattern of 66 ** segments is matched without backtracking: the API and /api/health answer', async () => {
    // 199 characters, within the length limit: every request tried every way to split its path among 66 **.
    const refused = await post(
      '/__sim/faults',
      JSON.stringify({ kind: 'latency', latencyMs: 0, path: `${'**/'.repeat(66)}x` }),
    );
    expect(refused.status).toBe(400);
    // Many ** within the segment cap are accepted, and harmless.
    const many = await post(
      '/__sim/faults',
      JSON.stringify({ kind: 'latency', latencyMs: 0, path: `${'**/'.repeat(15)}nowhere` }),
    );
    expect(many.status).toBe(201);
    for (const path of [
      '/api/github/orgs/octo-org/migrations/1/archive',
      '/api/github/repos/octo-org/hello-world/import/authors',
      '/api/github/orgs/octo-org/migrations?per_page=5',
    ]) {
      expect((await rawRequest(gateway.port, path)).status).toBeLessThan(500);
    }
    expect((await rawRequest(gateway.port, '/api/health')).status).toBe(200);
    await rawRequest(gateway.port, '/__sim/faults', {
      method: 'DELETE',
      headers: { origin: gateway.origin },
    });
  }, 5_000);

  it('at most 100 rules are in force; a batch past that is refused whole (409)', async () => {
    const fifty = JSON.stringify(Array.from({ length: 50 }, () => ({ kind: 'latency', latencyMs: 0 })));
    expect((await post('/__sim/faults', fifty)).status).toBe(201);
    expect((await post('/__sim/faults', fifty)).status).toBe(201);
    const third = await post('/__sim/faults', fifty);
    expect(third.status).toBe(409);
    expect(third.body).toMatch(/at most 100 faults/);
    const listed = JSON.parse((await rawRequest(gateway.port, '/__sim/faults')).body) as {
      faults: unknown[];
    };
    expect(listed.faults).toHaveLength(100);
    await rawRequest(gateway.port, '/__sim/faults', {
      method: 'DELETE',
      headers: { origin: gateway.origin },
    });
  });
});

describe('bodies sent to the control interface', () => {
  const big = JSON.stringify({ scenario: 'quiet', padding: 'x'.repeat(1024 * 1024) });

  it.each(['/__sim/faults', '/__sim/reset', '/__sim/advance', '/__sim/no-such-operation'])(
    'a 1 MB body to %s is refused with 413',
    async (path) => {
      const response = await post(path, big);
      expect(response.status).toBe(413);
    },
  );

  it('a body that lies about its length (chunked, no content-length) is cut at the limit too', async () => {
    const response = await rawRequest(gateway.port, '/__sim/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', origin: gateway.origin },
      body: big,
    });
    expect(response.status).toBe(413);
  });
});
