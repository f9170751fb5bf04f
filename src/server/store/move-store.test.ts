import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Move } from '@/contracts/move-run';
import { createMoveStore } from './move-store';
import { openStore, type Store } from './open-store';

let opened: Store;
beforeAll(async () => {
  opened = await openStore({ databaseUrl: process.env.DATABASE_URL });
}, 60_000);
afterAll(() => opened.close());

const AT = '2026-11-20T12:00:00.000Z';
const move = (id: string, createdAt = AT): Move => ({
  id,
  createdAt,
  updatedAt: createdAt,
  state: 'running',
  source: { kind: 'org', login: 'octo-org', credential: 'default' },
  target: { login: 'octo-target', credential: 'default', organizationId: 'O_1', databaseId: 7 },
  request: {
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    filters: {},
    caps: { concurrency: 2 },
  } as Move['request'],
  afterValidation: 'unlock',
  repositories: [
    { name: 'api', targetName: 'api', visibility: 'private', step: 'waiting' },
    { name: 'docs', targetName: 'handbook', visibility: 'public', step: 'waiting' },
  ],
  requests: { source: 0, target: 0, targetPoints: 0 },
});

describe(`moves in the store (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  beforeEach(() => opened.db.execute(sql`truncate moves`));

  it('keeps a move as a fresh reader (a restarted gateway) sees it, newest first in the list', async () => {
    const writer = createMoveStore(opened.db);
    const first = move('m-1');
    const second = move('m-2', '2026-11-20T13:00:00.000Z');
    await writer.save(first);
    await writer.save(second);
    const reader = createMoveStore(opened.db);
    expect(await reader.get('m-1')).toEqual(first);
    expect((await reader.list()).map((found) => found.id)).toEqual(['m-2', 'm-1']);
    expect(await reader.get('nope')).toBeUndefined();
  });

  it('update applies a change under the row lock; an unchanged answer writes nothing; unknown → undefined', async () => {
    const store = createMoveStore(opened.db);
    await store.save(move('m-1'));
    const changed = await store.update('m-1', (found) => ({
      ...found,
      state: 'paused',
      repositories: found.repositories.map((repo) => ({ ...repo, step: 'exporting' as const })),
    }));
    expect(changed?.state).toBe('paused');
    expect((await store.get('m-1'))?.repositories.map((repo) => repo.step)).toEqual([
      'exporting',
      'exporting',
    ]);
    const same = await store.get('m-1');
    expect(await store.update('m-1', (found) => found)).toEqual(same);
    expect(await store.update('nope', (found) => found)).toBeUndefined();
  });

  it('two concurrent updates of one move take turns: neither change is lost', async () => {
    const store = createMoveStore(opened.db);
    await store.save(move('m-1'));
    const bump = () =>
      store.update('m-1', (found) => ({
        ...found,
        requests: { ...found.requests, target: found.requests.target + 1 },
      }));
    await Promise.all(Array.from({ length: 10 }, bump));
    expect((await store.get('m-1'))?.requests.target).toBe(10);
  });
});
