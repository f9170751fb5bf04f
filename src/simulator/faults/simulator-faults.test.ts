import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import { rawRequest, startSimulatorServer, type Listening } from '@/testing/node-servers';
import { createControlApp } from '../control';
import { SIM_TOKENS } from '../github/seed';
import { SIM_REGISTRAR_KEYS } from '../registrar/keys';
import { createSimulator, type Simulator } from '../simulator';
import { isDroppedConnectionFault } from './apply-fault';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
let sim: Simulator;
let control: ReturnType<typeof createControlApp>;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet', startMs: START });
  control = createControlApp(sim);
});

const github = (path: string, init: RequestInit = {}) =>
  sim.fetch(
    new Request(`http://sim.test/api/v3/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, ...init.headers },
    }),
  );
const registrarPing = () =>
  sim.fetch(
    new Request('http://sim.test/api/json/v3/ping', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        apikey: SIM_REGISTRAR_KEYS.apiKey,
        secretapikey: SIM_REGISTRAR_KEYS.secretApiKey,
      }),
    }),
  );
const addFaults = (body: unknown) =>
  control.request('/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'faults' },
    body: JSON.stringify(body),
  });

describe('the control interface for faults', () => {
  it('adds, lists with hits, removes one and clears all', async () => {
    const added = await addFaults([
      { id: 'slow', kind: 'latency', latencyMs: 1 },
      { kind: 'status', status: 500, path: 'user' },
    ]);
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ added: [{ id: 'slow' }, { id: 'fault-2' }] });
    expect((await github('user')).status).toBe(500);
    const listed = (await (await control.request('/faults')).json()) as { faults: { hits: number }[] };
    expect(listed.faults.map((fault) => fault.hits)).toEqual([1, 1]);
    expect(
      (
        await control.request('/faults/slow', {
          method: 'DELETE',
          headers: { [SIM_INTENT_HEADER]: 'faults' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await control.request('/faults/slow', {
          method: 'DELETE',
          headers: { [SIM_INTENT_HEADER]: 'faults' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await control.request('/faults', { method: 'DELETE', headers: { [SIM_INTENT_HEADER]: 'faults' } }))
        .status,
    ).toBe(200);
    expect((await github('user')).status).toBe(200);
  });

  it('refuses an invalid rule with 400 and says why', async () => {
    const response = await addFaults({ kind: 'status', status: 418 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'fault 1: status must be 500, 502 or 503' });
    expect(
      (
        await control.request('/faults', {
          method: 'POST',
          body: '{oops',
          headers: { [SIM_INTENT_HEADER]: 'faults' },
        })
      ).status,
    ).toBe(400);
  });

  it('is cleared by a reset', async () => {
    await addFaults({ kind: 'drop' });
    await control.request('/reset', { method: 'POST', headers: { [SIM_INTENT_HEADER]: 'reset' } });
    expect((await github('user')).status).toBe(200);
  });

  it('starts with the faults it was created with (SIM_FAULTS)', async () => {
    const withEnv = createSimulator({ speed: 0, faults: [{ kind: 'status', status: 502 }] });
    const response = await withEnv.fetch(new Request('http://sim.test/api/v3/rate_limit'));
    expect(response.status).toBe(502);
  });
});

describe('what each fault answers', () => {
  it('500/502/503 as GitHub JSON, or an HTML page when asked', async () => {
    await addFaults([{ kind: 'status', status: 503, count: 1 }]);
    const json = await github('user');
    expect(json.status).toBe(503);
    expect(await json.json()).toMatchObject({ message: 'Service Unavailable', status: '503' });
    await addFaults([{ kind: 'status', status: 502, html: true, count: 1 }]);
    const html = await github('user');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(await html.text()).toContain('<center>nginx</center>');
  });

  it('a registrar status fault uses the registrar envelope', async () => {
    await addFaults({ kind: 'status', status: 500, upstream: 'registrar' });
    const response = await registrarPing();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'INTERNAL_ERROR' });
    expect((await github('user')).status).toBe(200);
  });

  it('a registrar 503 burst answers nginx 503s for its count, then the registrar is back', async () => {
    await addFaults({ kind: 'registrar-503-burst', count: 3 });
    for (let i = 0; i < 3; i += 1) {
      const response = await registrarPing();
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('503 Service Temporarily Unavailable');
    }
    expect((await registrarPing()).status).toBe(200);
  });

  it('a primary limit: 403, GitHub’s message, remaining 0 and a reset on the simulator’s clock', async () => {
    await addFaults({ kind: 'primary-rate-limit', resetInSeconds: 120 });
    const response = await github('user');
    expect(response.status).toBe(403);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(response.headers.get('x-ratelimit-reset')).toBe(String(START / 1000 + 120));
    expect(await response.json()).toMatchObject({ message: 'API rate limit exceeded for user ID 1.' });
  });

  it('a secondary limit: 403, the secondary message and retry-after', async () => {
    await addFaults({ kind: 'secondary-rate-limit', retryAfterSeconds: 30, method: 'POST' });
    expect((await github('user')).status).toBe(200);
    const response = await github('user/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repositories: [] }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(((await response.json()) as { message: string }).message).toMatch(/\bsecondary rate\b/);
  });

  it('malformed and truncated bodies say JSON but are not; a truncated one keeps its ETag', async () => {
    const whole = await (await github('user')).text();
    await addFaults({ kind: 'truncated-json', count: 1 });
    const truncated = await github('user');
    expect(truncated.status).toBe(200);
    expect(truncated.headers.get('etag')).toMatch(/^W\//);
    expect(whole.startsWith(await truncated.clone().text())).toBe(true);
    await expect(truncated.json()).rejects.toThrow();
    await addFaults({ kind: 'malformed-json', count: 1 });
    const malformed = await github('user');
    expect(malformed.headers.get('content-type')).toMatch(/application\/json/);
    await expect(malformed.json()).rejects.toThrow();
  });

  it('a drop rejects the in-process fetch', async () => {
    await addFaults({ kind: 'drop', path: 'user' });
    const error: unknown = await github('user').catch((caught: unknown) => caught);
    expect(isDroppedConnectionFault(error)).toBe(true);
  });

  describe('latency', () => {
    afterEach(() => vi.useRealTimers());
    it('answers normally, latencyMs later', async () => {
      vi.useFakeTimers();
      await addFaults({ kind: 'latency', latencyMs: 5_000 });
      let settled = false;
      const pending = github('user').then((response) => {
        settled = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(200);
    });
  });

  it('matches by method and path pattern only', async () => {
    await addFaults({ kind: 'status', status: 500, method: 'GET', path: 'orgs/*/repos' });
    expect((await github('orgs/octo-org/repos')).status).toBe(500);
    expect((await github('user')).status).toBe(200);
  });
});

describe('over real HTTP', () => {
  let server: Listening & { sim: Simulator };
  beforeAll(async () => {
    server = await startSimulatorServer();
  });
  afterAll(async () => server.close());

  it('a drop destroys the socket: the client gets no answer at all', async () => {
    server.sim.faults.add([{ kind: 'drop', path: 'rate_limit', count: 1 }]);
    const error = await rawRequest(server.port, '/api/v3/rate_limit').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    const after = await rawRequest(server.port, '/api/v3/rate_limit', {
      headers: { authorization: `Bearer ${SIM_TOKENS.octocat}` },
    });
    expect(after.status).toBe(200);
  });

  it('takes faults through POST /__sim/faults from a loopback caller', async () => {
    const added = await fetch(`${server.origin}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'faults' },
      body: JSON.stringify({ kind: 'status', status: 503, count: 1 }),
    });
    expect(added.status).toBe(201);
    expect((await fetch(`${server.origin}/api/v3/rate_limit`)).status).toBe(503);
  });
});
