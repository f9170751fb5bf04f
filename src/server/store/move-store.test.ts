import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
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

/** Rows of a query on either store (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf(query: SQL): Promise<Record<string, unknown>[]> {
  const answer: unknown = await opened.db.execute(query);
  return (answer as { rows: Record<string, unknown>[] }).rows;
}

describe(`moves in the store (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  beforeEach(() => opened.db.execute(sql`truncate move_repositories, moves`));

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

  it('an event writes the rows it changed: one repository of 500 changed → one row rewritten, the rest untouched', async () => {
    const store = createMoveStore(opened.db);
    const big: Move = {
      ...move('m-1'),
      repositories: Array.from({ length: 500 }, (_, index) => ({
        name: `repo-${index}`,
        targetName: `repo-${index}`,
        visibility: 'private' as const,
        step: 'waiting' as const,
      })),
    };
    await store.save(big);
    // xmin: the transaction that wrote each row version; an unchanged row keeps its own.
    const versions = async () =>
      new Map(
        (
          await rowsOf(sql`select name, xmin::text as version from move_repositories where move_id = 'm-1'`)
        ).map((row) => [String(row.name), String(row.version)]),
      );
    const before = await versions();
    expect(before.size).toBe(500);
    await store.update('m-1', (found) => ({
      ...found,
      updatedAt: '2026-11-20T12:01:00.000Z',
      repositories: found.repositories.map((repo) =>
        repo.name === 'repo-250' ? { ...repo, step: 'exporting' as const } : repo,
      ),
    }));
    const after = await versions();
    const rewritten = [...after]
      .filter(([name, version]) => before.get(name) !== version)
      .map(([name]) => name);
    expect(rewritten).toEqual(['repo-250']);
    const read = await store.get('m-1');
    expect(read?.updatedAt).toBe('2026-11-20T12:01:00.000Z');
    expect(read?.repositories.map((repo) => repo.name)).toEqual(big.repositories.map((repo) => repo.name));
    expect(read?.repositories[250]?.step).toBe('exporting');
  });

  it('the migration moves a move written whole (repositories in its jsonb) into rows, in its order', async () => {
    const old = move('m-old');
    await opened.db.execute(
      sql`insert into moves (id, created_at, updated_at, state, move) values ('m-old', now(), now(), 'running', ${JSON.stringify(old)}::jsonb)`,
    );
    const file = path.join(import.meta.dirname, 'migrations/0008_move_repositories.sql');
    const statements = (await readFile(file, 'utf8')).split('--> statement-breakpoint').slice(-2);
    for (const statement of statements) await opened.db.execute(sql.raw(statement));
    expect(await createMoveStore(opened.db).get('m-old')).toEqual(old);
    const [row] = await rowsOf(sql`select move from moves where id = 'm-old'`);
    expect(row?.move).not.toHaveProperty('repositories');
  });
});
