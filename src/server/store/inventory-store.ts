import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './open-store';
import { inventories } from './schema';

/**
 * The pre-move inventory's rows (src/server/moves/inventory): the facts as read, per scope (source organization
 * and credential) and name (`''` for the organization's part). What a fact holds is the inventory's business;
 * the store keeps JSON and when it was read.
 */
export interface InventoryRow {
  name: string;
  readAt: string;
  facts: unknown;
}

export interface InventoryStore {
  read(scope: string, names: readonly string[]): Promise<InventoryRow[]>;
  write(scope: string, rows: readonly InventoryRow[]): Promise<void>;
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters (4 a row). */
const ROWS_PER_WRITE = 1_000;

export function createInventoryStore(db: Db): InventoryStore {
  return {
    async read(scope, names) {
      if (names.length === 0) return [];
      const rows = await db
        .select()
        .from(inventories)
        .where(and(eq(inventories.scope, scope), inArray(inventories.name, [...names])));
      return rows.map((row) => ({ name: row.name, readAt: row.readAt.toISOString(), facts: row.facts }));
    },
    async write(scope, rows) {
      for (let start = 0; start < rows.length; start += ROWS_PER_WRITE) {
        const values = rows.slice(start, start + ROWS_PER_WRITE).map((row) => ({
          scope,
          name: row.name,
          readAt: new Date(row.readAt),
          facts: row.facts,
        }));
        await db
          .insert(inventories)
          .values(values)
          .onConflictDoUpdate({
            target: [inventories.scope, inventories.name],
            set: { readAt: sql`excluded.read_at`, facts: sql`excluded.facts` },
          });
      }
    },
  };
}
