import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditAppend } from './audit-store';
import { AUDIT_GENESIS_HASH, auditHash } from './audit-store';
import { createFerryStore, type FerryStore } from './ferry-store';
import { openStore } from './open-store';
import { openTestStore, type TestStore } from './test-store';

/**
 * The audit log's chain (issue 51) on the embedded store, and on PostgreSQL when `DATABASE_URL` is set (there a
 * second store with its own connection pool stands for a second gateway).
 */
let test: TestStore;
let store: FerryStore;
let other: FerryStore;
beforeAll(async () => {
  test = await openTestStore();
  store = test.store;
  other = process.env.DATABASE_URL
    ? createFerryStore(await openStore({ databaseUrl: process.env.DATABASE_URL }))
    : store;
}, 60_000);
afterAll(async () => {
  if (other !== store) await other.close();
  await store.close();
});
beforeEach(() => test.reset());

const DAY = 86_400_000;
const entry = (n: number, more: Partial<AuditAppend> = {}): AuditAppend => ({
  at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
  actor: n % 2 ? 'mona' : 'hubot',
  role: 'admin',
  action: n % 3 ? 'POST /api/moves/:id/cancel' : 'PUT /api/identities/drafts',
  target: `/api/moves/m-${n}/cancel`,
  outcome: '200 ok',
  requestId: `req-${n}`,
  ...more,
});

async function appendSome(count: number, from = 1) {
  for (let n = from; n < from + count; n++) await store.auditLog.append(entry(n));
}

/** Plain SQL, as someone with access to the database would change the log. */
const tamper = (text: string) => store.executeSql(text);

describe('the audit log store', () => {
  it('appends 1, 2, 3… each entry chained to the one before, and verifies', async () => {
    const first = await store.auditLog.append(entry(1));
    const second = await store.auditLog.append(entry(2));
    expect(first).toMatchObject({ seq: 1, prevHash: AUDIT_GENESIS_HASH, actor: 'mona', requestId: 'req-1' });
    expect(second.seq).toBe(2);
    expect(second.prevHash).toBe(first.hash);
    expect(second.hash).toBe(auditHash(first.hash, second));
    expect(second.at).toBe('2026-01-01T00:02:00.000Z');
    expect(await store.auditLog.verify()).toEqual({
      ok: true,
      entries: 2,
      head: { seq: 2, hash: second.hash },
    });
  });

  it('verifies an empty log', async () => {
    expect(await store.auditLog.verify()).toEqual({ ok: true, entries: 0, head: null });
  });

  it('lists newest first, with filters and a cursor', async () => {
    await appendSome(9);
    const all = await store.auditLog.list({ limit: 100 });
    expect(all.map((one) => one.seq)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await store.auditLog.list({ limit: 3 })).map((one) => one.seq)).toEqual([9, 8, 7]);
    expect((await store.auditLog.list({ limit: 3, before: 7 })).map((one) => one.seq)).toEqual([6, 5, 4]);
    expect((await store.auditLog.list({ actor: 'hubot', limit: 100 })).map((one) => one.seq)).toEqual([
      8, 6, 4, 2,
    ]);
    expect((await store.auditLog.list({ action: 'IDENTITIES', limit: 100 })).map((one) => one.seq)).toEqual([
      9, 6, 3,
    ]);
    // LIKE's own characters are text here.
    expect(await store.auditLog.list({ action: '%', limit: 100 })).toEqual([]);
    const from = new Date(Date.UTC(2026, 0, 1, 0, 3));
    const to = new Date(Date.UTC(2026, 0, 1, 0, 5));
    expect((await store.auditLog.list({ from, to, limit: 100 })).map((one) => one.seq)).toEqual([5, 4, 3]);
  });

  it('finds a field changed with SQL, at that entry', async () => {
    await appendSome(5);
    await tamper(`update audit_entries set actor = 'someone-else' where seq = 3`);
    expect(await store.auditLog.verify()).toEqual({
      ok: false,
      seq: 3,
      reason: expect.stringMatching(/changed after it was written/) as string,
    });
  });

  it('finds a changed time, outcome or hash', async () => {
    await appendSome(4);
    await tamper(`update audit_entries set at = at + interval '1 second' where seq = 2`);
    expect(await store.auditLog.verify()).toMatchObject({ ok: false, seq: 2 });
    await test.reset();
    await appendSome(4);
    await tamper(`update audit_entries set hash = repeat('a', 64) where seq = 4`);
    expect(await store.auditLog.verify()).toMatchObject({ ok: false, seq: 4 });
  });

  it('finds a removed entry in the middle: a gap in seq', async () => {
    await appendSome(5);
    await tamper('delete from audit_entries where seq = 3');
    expect(await store.auditLog.verify()).toEqual({
      ok: false,
      seq: 3,
      reason: 'entry #3 is missing: the chain goes from #2 to #4',
    });
  });

  it('finds removed newest entries (the chain’s head names them)', async () => {
    await appendSome(5);
    await tamper('delete from audit_entries where seq >= 4');
    expect(await store.auditLog.verify()).toEqual({
      ok: false,
      seq: 4,
      reason: "entries #4 to #5 are missing: the log's newest entry was #5",
    });
  });

  it('finds a reordered chain', async () => {
    await appendSome(5);
    // Entries 2 and 3 swap places (their seq swapped).
    await tamper('update audit_entries set seq = -2 where seq = 2');
    await tamper('update audit_entries set seq = 2 where seq = 3');
    await tamper('update audit_entries set seq = 3 where seq = -2');
    expect(await store.auditLog.verify()).toMatchObject({
      ok: false,
      seq: 2,
      reason: expect.stringMatching(/does not follow entry #1/) as string,
    });
  });

  it('prunes the start of the chain and still verifies, appending on after it', async () => {
    const old = Date.UTC(2020, 0, 1);
    for (let n = 1; n <= 4; n++) await store.auditLog.append(entry(n, { at: new Date(old + n * DAY) }));
    for (let n = 5; n <= 7; n++)
      await store.auditLog.append(entry(n, { at: new Date(Date.UTC(2026, 0, n)) }));
    expect(await store.auditLog.prune(new Date(Date.UTC(2025, 0, 1)))).toEqual({ pruned: 4 });
    expect((await store.auditLog.list({ limit: 100 })).map((one) => one.seq)).toEqual([7, 6, 5]);
    expect(await store.auditLog.verify()).toMatchObject({ ok: true, entries: 3, head: { seq: 7 } });
    // Pruning again removes nothing; the next entry is #8.
    expect(await store.auditLog.prune(new Date(Date.UTC(2025, 0, 1)))).toEqual({ pruned: 0 });
    expect((await store.auditLog.append(entry(8))).seq).toBe(8);
    expect(await store.auditLog.verify()).toMatchObject({ ok: true, entries: 4 });
    // Removing the first kept entry is still found, at its seq.
    await tamper('delete from audit_entries where seq = 5');
    expect(await store.auditLog.verify()).toMatchObject({ ok: false, seq: 5 });
  });

  it('prunes everything when everything is old, and the chain goes on from its head', async () => {
    await appendSome(3);
    expect(await store.auditLog.prune(new Date(Date.UTC(2030, 0, 1)))).toEqual({ pruned: 3 });
    expect(await store.auditLog.verify()).toMatchObject({ ok: true, entries: 0, head: { seq: 3 } });
    const next = await store.auditLog.append(entry(4));
    expect(next.seq).toBe(4);
    expect(await store.auditLog.verify()).toEqual({
      ok: true,
      entries: 1,
      head: { seq: 4, hash: next.hash },
    });
  });

  it('serialises appends from two gateways: consecutive seq, one verifiable chain', async () => {
    const writes = Array.from({ length: 24 }, (_, n) =>
      (n % 2 ? other : store).auditLog.append(entry(n + 1, { requestId: `concurrent-${n}` })),
    );
    const written = await Promise.all(writes);
    expect(written.map((one) => one.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 24 }, (_, n) => n + 1),
    );
    expect(new Set(written.map((one) => one.requestId)).size).toBe(24);
    expect(await store.auditLog.verify()).toMatchObject({ ok: true, entries: 24, head: { seq: 24 } });
  });
});
