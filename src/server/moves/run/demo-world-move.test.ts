import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move } from '@/contracts/move-run';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { TARGET_ORG } from '@/simulator/target/seed';

/**
 * Issue 46, item 10: a newcomer's first move on `npm start`'s world (the `demo` scenario, whose background use
 * spends the source's budgets, on a clock running 600 times faster) sat at "Validating" for good: a budget's reset
 * minutes away on the simulated clock was waited for as 5,393 real seconds. A wait for a reset is measured on
 * GitHub's own clock (its `Date`) and, in simulator mode, in the simulated clock's time.
 */
let dir: string;
let test: TestStore;
let gateway: Gateway;
const ORIGIN = 'http://localhost:5180';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-demo-move-'));
  test = await openTestStore();
  gateway = composeGateway(loadConfig({ SIM_SPEED: '600' }), {
    store: test.store,
    archiveDir: dir,
    watch: false,
    controlAccess: 'any',
    moves: { pollMs: { min: 200, max: 1_000 }, exportLookMs: 200 },
  });
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (pathname: string, body?: unknown) =>
  gateway.app.request(`${ORIGIN}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('a first move on the demo world', () => {
  it('completes: every wait for a budget is taken on the simulated clock', async () => {
    const sim = gateway.simulator;
    if (!sim) throw new Error('no simulator');
    const state = sim.github();
    /** As the demo world's background use does: the source's GraphQL budget spent for this simulated hour. */
    const spendSourceGraphql = () => {
      for (const token of state.world.tokens.keys()) state.limiter.exhaust(token, 'graphql', sim.clock.now());
    };
    const created = await call('/api/moves', {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: TARGET_ORG },
      filters: { namePattern: 'hello-world' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as Move;
    // A bound that catches a hang (the old wait was hours), not a measure of speed.
    const deadline = Date.now() + 120_000;
    let move: Move | undefined;
    let spent = false;
    while (Date.now() < deadline) {
      move = (await (await call(`/api/moves/${id}`)).json()) as Move;
      if (move.state !== 'running') break;
      // Spent while the import runs: the validation that follows meets RATE_LIMITED and waits for the reset.
      if (!spent && (move.repositories[0]?.step === 'queued' || move.repositories[0]?.step === 'importing')) {
        spendSourceGraphql();
        spent = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(move?.state, JSON.stringify(move?.repositories.map((r) => [r.step, r.error]))).toBe('completed');
    expect(move?.repositories[0]?.step).toBe('done');
    expect(spent).toBe(true);
  }, 150_000);
});
