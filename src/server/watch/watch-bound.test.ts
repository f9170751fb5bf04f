import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway } from '@/testing/node-servers';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { loadConfig } from '../config';

let store: FerryStore;
let resetStore: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

/**
 * A watch key is the path with its query, and a query is whatever the caller sends: before, each new one was a
 * followed entry (a settled list never polled again, so never dropped) and a snapshot row in the store, for good.
 */
describe('the shared watcher keeps a bounded number of resources', () => {
  it('a hundred distinct queries of a watched list: at most WATCH_MAX_ENTRIES followed and stored', async () => {
    await resetStore();
    const gateway = inProcessGateway(
      { SIM_SPEED: '0', SIM_SCENARIO: 'quiet', WATCH_MAX_ENTRIES: '20' },
      { store, watch: true },
    );
    const watcher = gateway.runtime.memory.watcher!;
    for (let i = 0; i < 100; i += 1) {
      const response = await gateway.call(`/api/github/orgs/octo-org/migrations?per_page=30&page=${i + 1}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await watcher.settle();
    expect(watcher.list().length).toBeLessThanOrEqual(20);
    expect((await store.watchSnapshots.all()).length).toBeLessThanOrEqual(20);
    // The newest are the ones kept, and each is still answered (a dropped one is simply asked again).
    expect(watcher.list().map((entry) => entry.target.key)).toContain(
      'orgs/octo-org/migrations?per_page=30&page=100',
    );
    const again = await gateway.call('/api/github/orgs/octo-org/migrations?per_page=30&page=1');
    expect(again.status).toBe(200);
    watcher.stop();
    await watcher.settle();
    await gateway.runtime.memory.recorder.flush();
  }, 60_000);
});

describe('WATCH_MAX_ENTRIES', () => {
  it('is 500 unless set, and a whole number from 1 when set', () => {
    expect(loadConfig({}).watchMaxEntries).toBe(500);
    expect(loadConfig({ WATCH_MAX_ENTRIES: '20' }).watchMaxEntries).toBe(20);
    for (const bad of ['0', '-1', '2.5', 'many', '1e9'])
      expect(() => loadConfig({ WATCH_MAX_ENTRIES: bad })).toThrow(/WATCH_MAX_ENTRIES/);
  });
});
