import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { createTeamLease } from './team-lease';
import { newEntry, snapshotOf, type WatchEntry } from './watch-entry';
import type { WatchTarget } from './watch-targets';
import { createWriteQueue } from './write-queue';

/** Two gateways of a team on one store, each with its own lease on the same watched export. */
let store: FerryStore;
let resetStore: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
}, 60_000);
beforeEach(() => resetStore());
afterAll(() => store.close());

const target: WatchTarget = { key: 'orgs/octo-org/migrations/1', kind: 'migration', subject: 'octo-org/1' };
/**
 * Leases this short run out within a test; the store's clock decides, as for real gateways. Long enough that a
 * loaded machine's few store round trips fit in one (300 ms ran out before the second gateway asked, under load).
 */
const SHORT_MS = 1_000;

const gateway = (holder: string) => {
  const writes = createWriteQueue((message) => {
    throw new Error(message);
  });
  const lease = createTeamLease({
    snapshots: store.watchSnapshots,
    holder,
    writes,
    pollLeaseMs: SHORT_MS,
    graceMs: SHORT_MS,
  });
  return { lease, writes, entry: newEntry(target, Date.now()) };
};

/** `holder` asks first and writes the answer, as the watcher does: it then holds the lease. */
async function answeredBy(first: ReturnType<typeof gateway>): Promise<void> {
  expect(await first.lease.askFirst(target)).toBe(true);
  first.lease.holdAsFirst(first.entry);
  first.entry.seenAt = Date.now();
  await store.watchSnapshots.put(snapshotOf(first.entry));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the team lease', () => {
  it('is not taken while another gateway’s lease is fresh, and is taken once it is stale', async () => {
    const a = gateway('a');
    const b = gateway('b');
    await answeredBy(a);
    expect(a.entry.holding).toBe(true);

    expect(await b.lease.askFirst(target)).toBe(false);
    expect(await b.lease.turn(b.entry)).toBe('read');
    expect(b.entry.holding).toBe(false);
    expect(await a.lease.turn(a.entry)).toBe('poll');

    await pause(SHORT_MS + 200);
    expect(await b.lease.turn(b.entry)).toBe('taken-over');
    expect(b.entry.holding).toBe(true);
    expect(await b.lease.turn(b.entry)).toBe('poll');
    // The gateway that held it (alive again, or late) now reads what the new holder writes.
    expect(await a.lease.turn(a.entry)).toBe('read');
    expect(a.entry.holding).toBe(false);
  });

  it('is kept until just after the holder’s next poll, and given up when there is none', async () => {
    const a = gateway('a');
    const b = gateway('b');
    await answeredBy(a);
    // The next poll is due in 2 s: the lease outlives the short one it was taken with.
    a.lease.keepUntilNext(a.entry, 2_000);
    await a.writes.idle();
    await pause(SHORT_MS + 200);
    expect(await b.lease.turn(b.entry)).toBe('read');

    // No next poll (terminal): the lease goes at once.
    a.lease.keepUntilNext(a.entry, false);
    await a.writes.idle();
    expect(await b.lease.turn(b.entry)).toBe('taken-over');
  });

  it('is given up when the gateway stops following one resource, or stops altogether', async () => {
    const a = gateway('a');
    const b = gateway('b');
    await answeredBy(a);
    a.lease.giveUp(a.entry);
    expect(a.entry.holding).toBe(false);
    await a.writes.idle();
    expect(await b.lease.turn(b.entry)).toBe('taken-over');

    b.lease.keepUntilNext(b.entry, 60_000);
    b.lease.giveUpAll();
    await b.writes.idle();
    expect(await a.lease.turn(a.entry)).toBe('taken-over');
  });

  it('of a previous run is void when the store has no other user', async () => {
    const before = gateway('before-restart');
    await answeredBy(before);
    before.lease.keepUntilNext(before.entry, 60_000);
    await before.writes.idle();
    const after = gateway('after-restart');
    expect(await after.lease.turn(after.entry)).toBe('read');
    await after.lease.voidPrevious();
    expect(await after.lease.turn(after.entry)).toBe('taken-over');
  });

  it('says the resource is gone when its row is (a write made it stale), and a failed first ask leaves no row', async () => {
    const a = gateway('a');
    const b = gateway('b');
    expect(await a.lease.askFirst(target)).toBe(true);
    a.lease.unanswered(target.key);
    await a.writes.idle();
    expect(await store.watchSnapshots.get(target.key)).toBeUndefined();
    expect(await b.lease.turn(b.entry)).toBe('gone');
    expect(b.entry.holding).toBe(false);
    // Nobody asks now: the next gateway to want it asks first.
    expect(await b.lease.askFirst(target)).toBe(true);
  });

  it('without a store, the gateway is alone: it always polls and asks first, holding nothing', async () => {
    const writes = createWriteQueue(() => undefined);
    const lease = createTeamLease({ holder: 'alone', writes });
    const entry: WatchEntry = newEntry(target, Date.now());
    expect(await lease.askFirst(target)).toBe(true);
    lease.holdAsFirst(entry);
    expect(entry.holding).toBe(false);
    expect(await lease.turn(entry)).toBe('poll');
    expect(await lease.turn(entry)).toBe('poll');
  });
});
