import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorServer, type Listening } from '@/testing/node-servers';
import { SIM_INTENT_HEADER } from '@/contracts/sim-control';
import { createControlApp } from './control';
import { SIM_TOKENS } from './github/seed';
import { createSimulator, type Simulator } from './simulator';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
let sim: Simulator;
let control: ReturnType<typeof createControlApp>;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet', startMs: START });
  control = createControlApp(sim);
});

/** A control call as a person or a test makes it: naming the change it means. */
const post = (path: string, body?: unknown) =>
  control.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: path.split('/')[1] ?? '' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

const userCall = () =>
  sim.fetch(
    new Request('http://sim.test/api/v3/user', {
      headers: { authorization: `Bearer ${SIM_TOKENS.octocat}` },
    }),
  );

describe('a change without its intent header', () => {
  it.each([
    ['/reset', 'POST', { scenario: 'demo' }],
    ['/advance', 'POST', { seconds: 3600 }],
    ['/faults', 'POST', { kind: 'status', status: 503 }],
    ['/faults', 'DELETE', undefined],
  ] as const)('%s (%s) answers 428 and changes nothing', async (path, method, body) => {
    sim.faults.add([{ id: 'kept', kind: 'latency', latencyMs: 0 }]);
    const before = { now: sim.clock.now(), scenario: sim.scenario, faults: sim.faults.list().length };
    // What an alert delivery pointed at the control route sends: JSON, no intent.
    const response = await control.request(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-ferry-event': 'test' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(428);
    expect(((await response.json()) as { error: string }).error).toContain(SIM_INTENT_HEADER);
    expect({ now: sim.clock.now(), scenario: sim.scenario, faults: sim.faults.list().length }).toEqual(
      before,
    );
  });

  it('refuses an intent that names another change', async () => {
    const response = await control.request('/reset', {
      method: 'POST',
      headers: { [SIM_INTENT_HEADER]: 'advance' },
    });
    expect(response.status).toBe(428);
  });
});

describe('POST /reset', () => {
  it('switches the scenario and starts a fresh world', async () => {
    await userCall();
    expect(sim.github().stats.counted).toBe(1);
    const response = await post('/reset', { scenario: 'demo' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, scenario: 'demo', now: new Date(START).toISOString() });
    expect(sim.scenario).toBe('demo');
    expect(sim.github().scenario).toBe('demo');
    expect(sim.github().stats).toEqual({ requests: 0, counted: 0, notModified: 0 });
    // The demo's background clients have spent 1,000 of the window opened 25 minutes before the seed time.
    expect((await userCall()).headers.get('x-ratelimit-remaining')).toBe('3999');
  });

  it('keeps the scenario when none is given, with or without a body', async () => {
    sim.reset({ scenario: 'rate-limit-disabled' });
    expect(await (await post('/reset')).json()).toMatchObject({ scenario: 'rate-limit-disabled' });
    expect(await (await post('/reset', {})).json()).toMatchObject({ scenario: 'rate-limit-disabled' });
  });

  it('returns the clock to its start', async () => {
    sim.advance(7200);
    const body = (await (await post('/reset', {})).json()) as { now: string };
    expect(body.now).toBe(new Date(START).toISOString());
  });

  it.each([['nope'], [42], [null], ['DEMO']])('refuses scenario %j with 400', async (scenario) => {
    const response = await post('/reset', { scenario });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/demo, quiet, rate-limit-disabled/);
    expect(sim.scenario).toBe('quiet');
  });
});

describe('POST /advance', () => {
  it('moves simulated time forward', async () => {
    const response = await post('/advance', { seconds: 3600 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, now: new Date(START + 3_600_000).toISOString() });
    expect(sim.clock.now()).toBe(START + 3_600_000);
  });

  it.each([
    ['a string', { seconds: '60' }],
    ['a negative number', { seconds: -1 }],
    ['more than a year', { seconds: 366 * 86_400 + 1 }],
    ['nothing', {}],
    ['null', { seconds: null }],
    ['malformed JSON', '{"seconds":'],
  ])('refuses %s with 400 and leaves the clock alone', async (_what, body) => {
    const response = await post('/advance', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'seconds must be a number between 0 and 31622400' });
    expect(sim.clock.now()).toBe(START);
  });
});

describe('GET /state', () => {
  it('reports scenario, simulated time and request statistics', async () => {
    await userCall();
    const etag = (await userCall()).headers.get('etag') ?? '';
    await sim.fetch(
      new Request('http://sim.test/api/v3/user', {
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'if-none-match': etag },
      }),
    );
    await sim.fetch(new Request('http://sim.test/api/v3/rate_limit'));
    sim.advance(90);
    const response = await control.request('/state');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      scenario: 'quiet',
      now: new Date(START + 90_000).toISOString(),
      stats: { requests: 4, counted: 2, notModified: 1 },
    });
  });

  it('answers unknown operations with a JSON 404', async () => {
    const response = await control.request('/explode', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'unknown control operation' });
  });
});

describe('over real HTTP on loopback', () => {
  let server: Listening & { sim: Simulator };

  beforeAll(async () => {
    server = await startSimulatorServer({ startMs: START });
  });
  afterAll(() => server.close());

  it('admits a 127.0.0.1 caller to the control interface', async () => {
    const state = await fetch(`${server.origin}/__sim/state`);
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ scenario: 'quiet' });

    const reset = await fetch(`${server.origin}/__sim/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIM_INTENT_HEADER]: 'reset' },
      body: JSON.stringify({ scenario: 'demo' }),
    });
    expect(reset.status).toBe(200);
    expect(server.sim.scenario).toBe('demo');
  });

  it('serves the GitHub API beside it', async () => {
    const response = await fetch(`${server.origin}/api/v3/rate_limit`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
