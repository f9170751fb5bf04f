import { desc, eq } from 'drizzle-orm';
import type { Move } from '@/contracts/move-run';
import type { Db } from './open-store';
import { moves } from './schema';

/**
 * Moves in the store (src/server/moves/run). A move is one row: its repositories travel with it, so a save is
 * one statement and a kill -9 leaves the move as it was before or after a step, never between.
 */
export interface MoveStore {
  list(): Promise<Move[]>;
  get(id: string): Promise<Move | undefined>;
  /** Write a new move (or overwrite one). */
  save(move: Move): Promise<void>;
  /**
   * Read the move under its row lock, apply `change`, write the result, in one transaction: two gateways acting
   * on one move take turns and each sees what the other wrote. `change` returning its argument writes nothing;
   * an unknown id gives `undefined`.
   */
  update(id: string, change: (move: Move) => Move): Promise<Move | undefined>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const values = (move: Move) => ({
  id: move.id,
  createdAt: new Date(move.createdAt),
  updatedAt: new Date(move.updatedAt),
  state: move.state,
  move,
});

export function createMoveStore(db: Db): MoveStore {
  async function read(source: Tx | Db, id: string, lock = false): Promise<Move | undefined> {
    const query = source.select({ move: moves.move }).from(moves).where(eq(moves.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ? (row.move as Move) : undefined;
  }
  async function write(source: Tx | Db, move: Move) {
    const row = values(move);
    await source.insert(moves).values(row).onConflictDoUpdate({ target: moves.id, set: row });
  }

  return {
    async list() {
      const rows = await db.select({ move: moves.move }).from(moves).orderBy(desc(moves.createdAt));
      return rows.map((row) => row.move as Move);
    },
    get: (id) => read(db, id),
    save: (move) => write(db, move),
    update(id, change) {
      return db.transaction(async (tx) => {
        const current = await read(tx, id, true);
        if (!current) return undefined;
        const next = change(current);
        if (next === current) return current;
        await write(tx, next);
        return next;
      });
    },
  };
}
