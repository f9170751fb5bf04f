import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FerryStore } from './ferry-store';
import { DOWNSAMPLE_BUCKET_S, type RateReading } from './rate-history';
import { openTestStore } from './test-store';

// One store for the file: opening an embedded store costs about a second.
let store: FerryStore;
let reset: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

const T0 = new Date('2026-11-20T12:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function reading(at: Date, remaining: number, resource = 'core'): RateReading {
  return { at, resource, limit: 5000, remaining, used: 5000 - remaining, reset: minutes(60), source: 'poll' };
}

describe(`the store (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  beforeEach(() => reset());

  it('keeps rate readings in time order per resource', async () => {
    await store.rateHistory.record([
      reading(minutes(2), 4990),
      reading(minutes(1), 4995),
      reading(minutes(1), 30, 'search'),
    ]);
    const core = await store.rateHistory.read(T0, 'core');
    expect(core.map((row) => row.remaining)).toEqual([4995, 4990]);
    expect(core[0]).toMatchObject({ resource: 'core', limit: 5000, used: 5, source: 'poll' });
    expect(core[0]!.reset.toISOString()).toBe(minutes(60).toISOString());
    expect(await store.rateHistory.read(minutes(2))).toHaveLength(1);
    expect(await store.rateHistory.read(T0)).toHaveLength(3);
  });

  it('reads one reading per resource and step when asked for a coarser series', async () => {
    await store.rateHistory.record([
      reading(minutes(0), 4999),
      reading(minutes(4), 4990),
      reading(minutes(6), 4980),
      reading(minutes(9), 4970),
      reading(minutes(9), 20, 'search'),
    ]);
    const stepped = await store.rateHistory.read(T0, undefined, 300);
    expect(stepped.map((row) => `${row.resource}:${row.remaining}`)).toEqual([
      'core:4990',
      'core:4970',
      'search:20',
    ]);
    expect(await store.rateHistory.read(T0, 'search', 300)).toHaveLength(1);
  });

  it('forgets readings after 30 days and thins those older than a day to one per 5 minutes', async () => {
    const now = new Date(T0.getTime() + 40 * 24 * 3_600_000);
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 3_600_000);
    // Align to a bucket so the minute readings fall in known buckets.
    const bucketStart =
      Math.floor(twoDaysAgo.getTime() / (DOWNSAMPLE_BUCKET_S * 1000)) * DOWNSAMPLE_BUCKET_S * 1000;
    const old = Array.from({ length: 10 }, (_, i) => reading(new Date(bucketStart + i * 60_000), 4000 - i));
    const recent = [
      reading(new Date(now.getTime() - 60_000), 3000),
      reading(new Date(now.getTime() - 30_000), 2999),
    ];
    await store.rateHistory.record([reading(T0, 4999), ...old, ...recent]);

    const { deleted } = await store.rateHistory.compact(now);
    expect(deleted).toBe(1 + 8);
    const left = await store.rateHistory.read(new Date(0), 'core');
    // The newest reading of each 5-minute bucket survives; the last day keeps every reading.
    expect(left.map((row) => row.remaining)).toEqual([3996, 3991, 3000, 2999]);
    // A second pass changes nothing.
    expect((await store.rateHistory.compact(now)).deleted).toBe(0);
  });

  it('records timeline events and reads them per subject and newest first', async () => {
    await store.timeline.record({
      at: minutes(1),
      kind: 'migration',
      subject: 'org/octo-org/migration/7',
      state: 'pending',
      actor: 'octocat',
    });
    await store.timeline.record({
      at: minutes(3),
      kind: 'migration',
      subject: 'org/octo-org/migration/7',
      state: 'exported',
      actor: 'watcher',
      detail: { repositories: 2 },
    });
    await store.timeline.record({
      at: minutes(2),
      kind: 'import',
      subject: 'repo/octocat/hello/import',
      state: 'importing',
      actor: 'watcher',
    });
    const events = await store.timeline.forSubject('org/octo-org/migration/7');
    expect(events.map((event) => event.state)).toEqual(['pending', 'exported']);
    expect(events[1]!.detail).toEqual({ repositories: 2 });
    const recent = await store.timeline.recent({ limit: 2 });
    expect(recent.map((event) => event.state)).toEqual(['exported', 'importing']);
    expect(await store.timeline.recent({ subjects: ['repo/octocat/hello/import'] })).toHaveLength(1);
  });

  it('records an unlock once', async () => {
    await store.unlocks.record({
      owner: 'org/octo-org',
      migrationId: 7,
      repoName: 'a',
      at: minutes(1),
      actor: 'octocat',
    });
    await store.unlocks.record({
      owner: 'org/octo-org',
      migrationId: 7,
      repoName: 'a',
      at: minutes(5),
      actor: 'octocat',
    });
    await store.unlocks.record({
      owner: 'org/octo-org',
      migrationId: 8,
      repoName: 'a',
      at: minutes(5),
      actor: 'octocat',
    });
    const rows = await store.unlocks.forMigration('org/octo-org', 7);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.at.toISOString()).toBe(minutes(1).toISOString());
  });

  it('lets the later draft save win and tells it whom it overwrote', async () => {
    const key = 'octocat/hello';
    const [first] = await store.authorDrafts.save(
      key,
      [{ authorId: 1, name: 'A', email: 'a@x', baseVersion: 0 }],
      'browser-a',
      minutes(1),
    );
    expect(first).toMatchObject({ draft: { version: 1, updatedBy: 'browser-a' } });
    expect(first!.overwrote).toBeUndefined();
    // Browser B started before A saved (base version 0): its save wins and names A's draft.
    const [second] = await store.authorDrafts.save(
      key,
      [{ authorId: 1, name: 'B', email: 'b@x', baseVersion: 0 }],
      'browser-b',
      minutes(2),
    );
    expect(second!.draft).toMatchObject({ name: 'B', version: 2 });
    expect(second!.overwrote).toMatchObject({ updatedBy: 'browser-a', name: 'A', email: 'a@x' });
    // A save from the version it saw is no conflict.
    const [third] = await store.authorDrafts.save(
      key,
      [{ authorId: 1, name: 'C', email: 'c@x', baseVersion: 2 }],
      'browser-a',
      minutes(3),
    );
    expect(third!.overwrote).toBeUndefined();
    expect(await store.authorDrafts.list(key)).toEqual([
      expect.objectContaining({ authorId: 1, name: 'C', email: 'c@x', version: 3, updatedBy: 'browser-a' }),
    ]);
    await store.authorDrafts.discard(key, [1]);
    expect(await store.authorDrafts.list(key)).toEqual([]);
  });

  it('saves a batch of drafts all or nothing', async () => {
    const key = 'octocat/hello';
    const tooLong = 2 ** 31; // outside an integer column: the whole batch fails
    await expect(
      store.authorDrafts.save(
        key,
        [
          { authorId: 1, name: 'A', email: 'a@x', baseVersion: 0 },
          { authorId: tooLong, name: 'B', email: 'b@x', baseVersion: 0 },
        ],
        'browser-a',
        minutes(1),
      ),
    ).rejects.toThrow();
    expect(await store.authorDrafts.list(key)).toEqual([]);
  });

  it('remembers recent items, newest first, a bounded number per kind', async () => {
    for (let i = 0; i < 25; i += 1) await store.recent.touch('tld', `t${i}`, minutes(i));
    await store.recent.touch('org', 'octo-org', minutes(1));
    await store.recent.touch('tld', 't3', minutes(100));
    const tlds = await store.recent.list('tld');
    expect(tlds).toHaveLength(20);
    expect(tlds[0]!.key).toBe('t3');
    expect(tlds.map((item) => item.key)).not.toContain('t4');
    expect((await store.recent.list('org')).map((item) => item.key)).toEqual(['octo-org']);
  });

  it('gives one gateway at a time the lease to poll a watched path, on the database clock', async () => {
    const path = 'orgs/o/migrations/7';
    const snapshots = store.watchSnapshots;
    // The first ask: one gateway wins, the other waits for its answer.
    expect(await snapshots.claimFirst(path, 'migration', 'a', 60_000)).toBe(true);
    expect(await snapshots.claimFirst(path, 'migration', 'b', 60_000)).toBe(false);
    expect(await snapshots.all()).toHaveLength(0); // a first ask without an answer is no snapshot
    expect((await snapshots.get(path))?.held).toBe(true);
    await snapshots.put({
      path,
      kind: 'migration',
      state: 'exporting',
      etag: '"e"',
      body: { data: { id: 7 } },
      seenAt: minutes(1),
      terminal: false,
    });
    expect(await snapshots.claim(path, 'a', 60_000)).toBe('held');
    expect(await snapshots.claim(path, 'b', 60_000)).toBe('other');
    // A lease that runs out (its gateway died) is taken by the next that asks.
    expect(await snapshots.claim(path, 'a', 1)).toBe('held');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await snapshots.get(path))?.held).toBe(false);
    expect(await snapshots.claim(path, 'b', 60_000)).toBe('held');
    // Released (terminal, or the holder stopping): taken at once.
    await snapshots.release(path, 'a'); // not a's: nothing happens
    expect(await snapshots.claim(path, 'c', 60_000)).toBe('other');
    await snapshots.releaseAll('b');
    expect(await snapshots.claim(path, 'c', 60_000)).toBe('held');
    expect(await snapshots.claim('orgs/o/migrations/8', 'c', 60_000)).toBe('missing');
    await snapshots.removeAsking(path); // answered: stays
    expect(await snapshots.get(path)).toMatchObject({ state: 'exporting', held: true });
  });

  it('keeps one watch snapshot per path', async () => {
    const base = { kind: 'migration', etag: '"a"', seenAt: minutes(1), terminal: false };
    await store.watchSnapshots.put({
      ...base,
      path: 'orgs/o/migrations/1',
      state: 'pending',
      body: { id: 1 },
    });
    await store.watchSnapshots.put({
      ...base,
      path: 'orgs/o/migrations/1',
      state: 'exported',
      body: { id: 1, state: 'exported' },
      terminal: true,
    });
    const all = await store.watchSnapshots.all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ state: 'exported', terminal: true, body: { id: 1, state: 'exported' } });
  });
});
