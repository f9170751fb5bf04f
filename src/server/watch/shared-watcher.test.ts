import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway } from '@/testing/node-servers';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';

let store: FerryStore;
let resetStore: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

/** A browser tab: keeps its own ETag per URL and polls like the SPA (If-None-Match, 304 reuses the body). */
function browser(call: ReturnType<typeof inProcessGateway>['call']) {
  const etags = new Map<string, string>();
  const bodies = new Map<string, unknown>();
  return async (path: string): Promise<{ state?: string }> => {
    const etag = etags.get(path);
    const response = await call(path, { headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status === 304) return bodies.get(path) as { state?: string };
    expect(response.status).toBe(200);
    const body = (await response.json()) as { state?: string };
    const tag = response.headers.get('etag');
    if (tag) etags.set(path, tag);
    bodies.set(path, body);
    return body;
  };
}

/**
 * Watch one export for a simulated hour with `tabs` browser tabs polling every simulated 20 s; returns the
 * GitHub requests the simulator counted, and the states the first tab saw.
 */
async function watchAnHour(tabs: number, watch: boolean) {
  await resetStore();
  const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store, watch });
  const sim = gateway.runtime.simulator!;
  const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ repositories: ['hello-world', 'octo-web'] }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: number };
  const path = `/api/github/orgs/octo-org/migrations/${id}`;
  const browsers = Array.from({ length: tabs }, () => browser(gateway.call));
  const before = sim.github().stats.counted;
  const seen: string[] = [];
  for (let step = 0; step < 180; step += 1) {
    const states = await Promise.all(browsers.map((poll) => poll(path)));
    const state = states[0]?.state ?? 'unknown';
    if (seen.at(-1) !== state) seen.push(state);
    sim.advance(20);
    await gateway.runtime.memory.watcher?.settle();
  }
  const counted = sim.github().stats.counted - before;
  gateway.runtime.memory.watcher?.stop();
  await gateway.runtime.memory.recorder.flush();
  return { counted, seen, id };
}

describe('one watcher for every browser', () => {
  it('costs the same GitHub requests for ten tabs as for one, and every tab sees the export end', async () => {
    const one = await watchAnHour(1, true);
    const ten = await watchAnHour(10, true);
    expect(one.seen.at(-1)).toBe('exported');
    expect(ten.seen).toEqual(one.seen);
    expect(ten.counted).toBe(one.counted);
    // State changes + 1: the first read, then only reads that saw a change are counted (304s are free).
    expect(one.counted).toBeLessThanOrEqual(one.seen.length + 1);
  }, 120_000);

  it('without the watcher ten tabs cost more (the comparison can fail)', async () => {
    const one = await watchAnHour(1, false);
    const ten = await watchAnHour(10, false);
    expect(ten.counted).toBeGreaterThan(one.counted);
  }, 120_000);

  it('records each state it sees in the timeline, once', async () => {
    const { id } = await watchAnHour(3, true);
    const events = await store.timeline.forSubject(`org/octo-org/migration/${id}`);
    const states = events.map((event) => event.state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('exported');
    expect(new Set(states).size).toBe(states.length);
    expect(events[0]!.actor).toBe('octocat');
    expect(events.at(-1)!.actor).toBe('watcher');
  }, 120_000);
});

describe('answers from a snapshot', () => {
  it('carry the asking browser’s origin in Link headers, not the watcher’s', async () => {
    await resetStore();
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    for (const repo of ['hello-world', 'octo-web']) {
      await gateway.call('/api/github/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: [repo] }),
      });
    }
    const path = '/api/github/orgs/octo-org/migrations?per_page=1&page=1';
    const first = await gateway.call(path);
    const second = await gateway.call(path);
    for (const response of [first, second]) {
      expect(response.headers.get('link')).toContain(
        `${gateway.origin}/api/github/orgs/octo-org/migrations?`,
      );
      expect(response.headers.get('link')).not.toContain('gateway.internal');
      expect(await response.text()).not.toContain('gateway.internal');
    }
    gateway.runtime.memory.watcher?.stop();
    await gateway.runtime.memory.recorder.flush();
  }, 60_000);
});

describe('a migration’s repositories', () => {
  it('are read from GitHub once for any number of tabs', async () => {
    await resetStore();
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repositories: ['hello-world', 'octo-web'] }),
    });
    const { id } = (await started.json()) as { id: number };
    const sim = gateway.runtime.simulator!;
    const before = sim.github().stats.counted;
    const path = `/api/github/orgs/octo-org/migrations/${id}/repositories?per_page=20&page=1`;
    const answers = await Promise.all(Array.from({ length: 10 }, async () => gateway.call(path)));
    for (const answer of answers) expect(((await answer.json()) as unknown[]).length).toBe(2);
    expect(sim.github().stats.counted - before).toBe(1);
    gateway.runtime.memory.watcher?.stop();
    await gateway.runtime.memory.recorder.flush();
  }, 60_000);
});

describe('writes through the gateway', () => {
  it('records unlocks server-side and a new export shows in a watched list at once', async () => {
    await resetStore();
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const list = async () =>
      (await (
        await gateway.call('/api/github/orgs/octo-org/migrations?per_page=10&page=1')
      ).json()) as unknown[];
    expect(await list()).toHaveLength(0);
    const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
    });
    const { id } = (await started.json()) as { id: number };
    expect(await list()).toHaveLength(1);

    gateway.runtime.simulator!.advance(3_600);
    await gateway.runtime.memory.watcher?.settle();
    const unlock = await gateway.call(`/api/github/orgs/octo-org/migrations/${id}/repos/hello-world/lock`, {
      method: 'DELETE',
    });
    expect(unlock.status).toBe(204);
    const unlocks = await gateway.call(`/api/ferry/unlocks?owner=org/octo-org&migration=${id}`);
    const body = (await unlocks.json()) as { unlocks: unknown[] };
    expect(body.unlocks).toHaveLength(1);
    expect(body.unlocks[0]).toMatchObject({ repoName: 'hello-world', actor: 'octocat' });
    gateway.runtime.memory.watcher?.stop();
    await gateway.runtime.memory.recorder.flush();
  }, 60_000);
});

describe('an organization typed with capitals', () => {
  it('keeps the watcher’s timeline events under the one normalised subject the reader uses', async () => {
    await resetStore();
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const started = await gateway.call('/api/github/orgs/Octo-Org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repositories: ['hello-world'] }),
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: number };
    const sim = gateway.runtime.simulator!;
    let state = '';
    for (let step = 0; step < 180 && state !== 'exported'; step += 1) {
      const answer = await gateway.call(`/api/github/orgs/Octo-Org/migrations/${id}`);
      state = ((await answer.json()) as { state: string }).state;
      sim.advance(20);
      await gateway.runtime.memory.watcher?.settle();
    }
    expect(state).toBe('exported');
    gateway.runtime.memory.watcher?.stop();
    await gateway.runtime.memory.recorder.flush();
    const read = await gateway.call(`/api/ferry/timeline?subject=org/Octo-Org/migration/${id}`);
    const { events } = (await read.json()) as { events: { state: string; actor: string }[] };
    const states = events.map((event) => event.state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('exported');
    expect(events.at(-1)!.actor).toBe('watcher');
  }, 60_000);
});
