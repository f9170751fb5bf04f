import { describe, expect, it } from 'vitest';
import { ASKING, type StoredWatch } from '../store/watch-snapshots';
import {
  newEntry,
  readInto,
  snapshotOf,
  storedUsable,
  takeAnswer,
  targetOf,
  TERMINAL_TTL_MS,
  usable,
} from './watch-entry';

const target = { key: 'orgs/o/migrations/1', kind: 'migration' as const, subject: 'org/o/migration/1' };
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('a watch entry', () => {
  it('takes a 200, confirms on a 304 and keeps a failure with its rate-limit pause', async () => {
    const entry = newEntry(target, 1_000);
    expect(await takeAnswer(entry, json({ state: 'pending' }, { etag: '"a"' }), 2_000, 0)).toEqual({
      ok: true,
      changed: true,
    });
    expect(entry).toMatchObject({ seenAt: 2_000, changedAt: 2_000, observed: { state: 'pending' } });
    expect(entry.headers.etag).toBe('"a"');
    expect(await takeAnswer(entry, new Response(null, { status: 304 }), 3_000, 0)).toEqual({
      ok: true,
      changed: false,
    });
    expect(entry).toMatchObject({ seenAt: 3_000, changedAt: 2_000 });
    const limited = new Response('{"message":"slow down"}', {
      status: 429,
      headers: { 'retry-after': '30' },
    });
    expect((await takeAnswer(entry, limited, 4_000, 0)).ok).toBe(false);
    expect(entry.failure?.status).toBe(429);
    expect(entry.pausedUntil).toBe(34_000);
  });

  it('goes to the store and back unchanged, failure and pause included (another gateway reads it)', async () => {
    const entry = newEntry(target, 1_000);
    await takeAnswer(entry, json({ state: 'exporting' }, { etag: '"b"' }), 2_000, 0);
    entry.failure = { status: 502, headers: [], body: 'down' };
    entry.pausedUntil = 9_000;
    const snapshot = snapshotOf(entry);
    expect(targetOf(snapshot)).toEqual(target);
    const other = newEntry(targetOf(snapshot), 5_000);
    expect(readInto(other, snapshot, 5_000)).toBe(true);
    expect(other).toMatchObject({
      body: { state: 'exporting' },
      headers: { etag: '"b"' },
      seenAt: 2_000,
      changedAt: 2_000,
      failure: { status: 502 },
      pausedUntil: 9_000,
      readAt: 5_000,
    });
  });

  it('is not served from a first ask that has no answer yet, nor from a live one nobody polls', () => {
    const base = { path: target.key, kind: 'migration', etag: null, seenAt: new Date(1_000) };
    const asking: StoredWatch = { ...base, state: ASKING, body: {}, terminal: false, held: true };
    expect(storedUsable(asking, 2_000)).toBe(false);
    const entry = newEntry(target, 1_000);
    expect(readInto(entry, asking, 2_000)).toBe(false);
    expect(entry.seenAt).toBe(0);
    const live = { ...base, state: 'exporting', body: { data: {} }, terminal: false };
    expect(storedUsable({ ...live, held: true }, 2_000)).toBe(true);
    expect(storedUsable({ ...live, held: false }, 2_000)).toBe(false);
    const done = { ...base, state: 'exported', body: { data: {} }, terminal: true, held: false };
    expect(storedUsable(done, 1_000 + TERMINAL_TTL_MS - 1)).toBe(true);
    expect(storedUsable(done, 1_000 + TERMINAL_TTL_MS)).toBe(false);
  });

  it('serves its own copy once seen, a terminal one for a while', async () => {
    const entry = newEntry(target, 0);
    expect(usable(entry, 1)).toBe(false);
    await takeAnswer(entry, json({ state: 'exported' }), 1_000, 0);
    expect(usable(entry, 1_000 + TERMINAL_TTL_MS - 1)).toBe(true);
    expect(usable(entry, 1_000 + TERMINAL_TTL_MS)).toBe(false);
  });
});
