import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Move, MoveRepository } from '@/contracts/move-run';
import type { Db } from './open-store';
import { moveRepositories, moves } from './schema';

/**
 * Moves in the store (src/server/moves/run). A move is its row in `moves` (all but its repositories) and one row
 * per repository in `move_repositories`; a change is one transaction under the move's row lock, so a kill -9
 * leaves the move as it was before or after a step, never between, and writes only the repositories it changed
 * (an event on a move of 500 used to rewrite all 500). A move answered may be the one this process holds for its
 * version (see `held`): it is read-only, as the move machine treats moves.
 */
export interface MoveStore {
  list(): Promise<Move[]>;
  get(id: string): Promise<Move | undefined>;
  /** Write a new move (or overwrite one). */
  save(move: Move): Promise<void>;
  /**
   * Read the move under its row lock, apply `change`, write the result, in one transaction: two gateways acting
   * on one move take turns and each sees what the other wrote. `change` returning its argument writes nothing;
   * an unknown id gives `undefined`. A repository `change` keeps (the same object) is not written again.
   */
  update(id: string, change: (move: Move) => Move): Promise<Move | undefined>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (5 a row). */
const ROWS_PER_INSERT = 1_000;

/** The move's own row: everything but its repositories (their rows are apart). */
const moveValues = (move: Move) => ({
  id: move.id,
  createdAt: new Date(move.createdAt),
  updatedAt: new Date(move.updatedAt),
  state: move.state,
  move: { ...move, repositories: undefined },
});

const repositoryValues = (moveId: string, repository: MoveRepository, position: number) => ({
  moveId,
  name: repository.name,
  position,
  step: repository.step,
  repository,
});

type MoveRow = { move: unknown };

const moveOf = (row: MoveRow, repositories: MoveRepository[]): Move => ({
  ...(row.move as Omit<Move, 'repositories'>),
  repositories,
});

/** The move's own row, at `version` (a number under the row's lock, or one more than the store holds). */
async function writeMove(source: Tx | Db, move: Move, version: number | SQL) {
  const row = moveValues(move);
  await source
    .insert(moves)
    .values({ ...row, version: typeof version === 'number' ? version : 0 })
    .onConflictDoUpdate({ target: moves.id, set: { ...row, version } });
}

async function writeRepositories(
  source: Tx | Db,
  moveId: string,
  rows: { repository: MoveRepository; position: number }[],
) {
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT)
    await source
      .insert(moveRepositories)
      .values(
        rows
          .slice(from, from + ROWS_PER_INSERT)
          .map(({ repository, position }) => repositoryValues(moveId, repository, position)),
      )
      .onConflictDoUpdate({
        target: [moveRepositories.moveId, moveRepositories.name],
        set: {
          position: sql`excluded.position`,
          step: sql`excluded.step`,
          repository: sql`excluded.repository`,
        },
      });
}

/** Every row of the move again (a new move, or one whose repositories changed names or number). */
async function replaceRepositories(source: Tx | Db, move: Move) {
  await source.delete(moveRepositories).where(eq(moveRepositories.moveId, move.id));
  await writeRepositories(
    source,
    move.id,
    move.repositories.map((repository, position) => ({ repository, position })),
  );
}

/** The same repositories, in the same order (an event changes what they hold, never which they are). */
const sameNames = (before: Move, after: Move) =>
  before.repositories.length === after.repositories.length &&
  before.repositories.every((repo, index) => repo.name === after.repositories[index]?.name);

/** Moves this process holds in memory at most (each up to a few hundred KB for 500 repositories). */
const MOVES_HELD = 8;

export function createMoveStore(db: Db): MoveStore {
  // The last version of each move this process read or wrote: while the store's version is the same, only the
  // move's own row is read (an event on a move of 500 no longer reads 500 rows). Moves are never changed in
  // place (the move machine returns new objects), so a held one is handed out as it is.
  const held = new Map<string, { version: number; move: Move }>();
  const hold = (move: Move, version: number) => {
    held.delete(move.id);
    held.set(move.id, { version, move });
    for (const id of held.keys()) {
      if (held.size <= MOVES_HELD) break;
      held.delete(id);
    }
  };

  async function repositoriesOf(source: Tx | Db, id: string): Promise<MoveRepository[]> {
    const rows = await source
      .select({ repository: moveRepositories.repository })
      .from(moveRepositories)
      .where(eq(moveRepositories.moveId, id))
      .orderBy(asc(moveRepositories.position));
    return rows.map((row) => row.repository as MoveRepository);
  }

  async function read(
    source: Tx | Db,
    id: string,
    lock = false,
  ): Promise<{ move: Move; version: number } | undefined> {
    const query = source
      .select({ move: moves.move, version: moves.version })
      .from(moves)
      .where(eq(moves.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    const known = held.get(id);
    if (known?.version === row.version) return known;
    return { move: moveOf(row, await repositoriesOf(source, id)), version: row.version };
  }

  return {
    async list() {
      const rows = await db.select({ id: moves.id }).from(moves).orderBy(desc(moves.createdAt));
      const found = await Promise.all(rows.map((row) => read(db, row.id)));
      return found.flatMap((entry) => (entry ? [entry.move] : []));
    },
    async get(id) {
      const found = await read(db, id);
      if (found) hold(found.move, found.version);
      return found?.move;
    },
    async save(move) {
      held.delete(move.id);
      await db.transaction(async (tx) => {
        await writeMove(tx, move, sql`${moves.version} + 1`);
        await replaceRepositories(tx, move);
      });
    },
    async update(id, change) {
      const written = await db.transaction(async (tx) => {
        const found = await read(tx, id, true);
        if (!found) return undefined;
        const { move: current, version } = found;
        const next = change(current);
        if (next === current) return found;
        await writeMove(tx, next, version + 1);
        if (!sameNames(current, next)) await replaceRepositories(tx, next);
        else
          await writeRepositories(
            tx,
            id,
            next.repositories.flatMap((repository, position) =>
              repository === current.repositories[position] ? [] : [{ repository, position }],
            ),
          );
        return { move: next, version: version + 1 };
      });
      // Held once committed: a transaction that failed leaves the store, and so this process, as before.
      if (written) hold(written.move, written.version);
      return written?.move;
    },
  };
}
