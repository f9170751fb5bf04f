/**
 * Ferry's tables copied from one store to another of the other kind (embedded PGlite ⇄ PostgreSQL server), in
 * one transaction on the target: all rows or none. Both stores are at this Ferry's schema (the migrations ran on
 * both); rows travel as PostgreSQL's own text form of the table's row type, which reads back exactly (jsonb,
 * timestamps, numbers, NULL inside a value). The job queue's schema (pg-boss) is not copied: it is rebuilt
 * by the gateways and holds only work in flight.
 */

/** One connection's plain SQL (a PGlite or a `pg.Client`; never a pool: the transaction needs one session). */
export interface Sql {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The target holds rows of its own, and the person did not say to replace them. */
export class TargetHoldsDataError extends Error {
  constructor(
    readonly rows: Record<string, number>,
    where: string,
  ) {
    const held = Object.entries(rows)
      .filter(([, count]) => count > 0)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    super(`${where} already holds rows (${held}); add --replace to replace them with the copied ones`);
    this.name = 'TargetHoldsDataError';
  }
}

const BATCH_ROWS = 2_000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(sql: Sql, text: string, values?: unknown[]): Promise<T[]> {
  return (await sql.query(text, values)).rows as T[];
}

async function migrationsOf(sql: Sql): Promise<string[]> {
  const rows = await rowsOf<{ hash: string }>(
    sql,
    'select hash from drizzle.__drizzle_migrations order by id',
  );
  return rows.map((row) => row.hash);
}

export async function tablesOf(sql: Sql): Promise<string[]> {
  const rows = await rowsOf<{ tablename: string }>(
    sql,
    `select tablename from pg_tables where schemaname = 'public' order by 1`,
  );
  return rows.map((row) => row.tablename);
}

export async function countsOf(sql: Sql): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(sql)) {
    const [row] = await rowsOf<{ n: number }>(sql, `select count(*)::int as n from ${quoted(table)}`);
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** Tables with the ones others refer to first, so every foreign key finds its row. */
export function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of references.filter((one) => one.child === table && one.parent !== table)) {
      visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

async function referencesOf(sql: Sql): Promise<{ child: string; parent: string }[]> {
  return rowsOf(
    sql,
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
}

/** Serial columns' sequences follow the copied ids, so the next row written gets a fresh one. */
async function resetSequences(sql: Sql, table: string): Promise<void> {
  const columns = await rowsOf<{ column_name: string }>(
    sql,
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and column_default like 'nextval(%'`,
    [table],
  );
  for (const { column_name: column } of columns) {
    await sql.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`,
      [quoted(table), column],
    );
  }
}

export interface CopyOptions {
  /** Replace rows the target already holds (else a target with rows is refused). */
  replace: boolean;
  /** How the target is named in messages. */
  targetName: string;
}

/**
 * Copy every row of Ferry's tables from `source` into `target`, in one transaction on the target. Returns the
 * rows per table now in the target (equal to the source's, or the copy fails and the target is unchanged).
 */
export async function copyFerryTables(
  source: Sql,
  target: Sql,
  { replace, targetName }: CopyOptions,
): Promise<Record<string, number>> {
  // One snapshot of the source for every batch: a row written meanwhile is in all of them or none.
  await source.query('begin isolation level repeatable read read only');
  try {
    return await copyWithin(source, target, { replace, targetName });
  } finally {
    await source.query('rollback').catch(() => undefined);
  }
}

async function copyWithin(
  source: Sql,
  target: Sql,
  { replace, targetName }: CopyOptions,
): Promise<Record<string, number>> {
  const [sourceMigrations, targetMigrations] = [await migrationsOf(source), await migrationsOf(target)];
  if (sourceMigrations.join() !== targetMigrations.join()) {
    throw new Error(
      `the two stores are at different versions of Ferry's schema (${sourceMigrations.length} and ${targetMigrations.length} migrations): open each with this version of Ferry first`,
    );
  }
  const tables = await tablesOf(source);
  if (tables.join() !== (await tablesOf(target)).join()) {
    throw new Error(`the two stores do not have the same tables`);
  }
  const sourceCounts = await countsOf(source);
  const targetCounts = await countsOf(target);
  if (!replace && Object.values(targetCounts).some((count) => count > 0)) {
    throw new TargetHoldsDataError(targetCounts, targetName);
  }
  const ordered = parentsFirst(tables, await referencesOf(source));
  await target.query('begin');
  try {
    if (tables.length > 0) await target.query(`truncate ${tables.map(quoted).join(', ')}`);
    for (const table of ordered) {
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const [batch] = await rowsOf<{ rows: string | null }>(
          source,
          `select array_agg(t)::text as rows from (select * from ${quoted(table)} order by ctid limit $1 offset $2) t`,
          [BATCH_ROWS, offset],
        );
        if (!batch?.rows) break;
        await target.query(`insert into ${quoted(table)} select * from unnest($1::${quoted(table)}[])`, [
          batch.rows,
        ]);
      }
      await resetSequences(target, table);
    }
    const copied = await countsOf(target);
    if (JSON.stringify(copied) !== JSON.stringify(sourceCounts)) {
      throw new Error(`the copy does not hold the source's rows (${JSON.stringify(copied)})`);
    }
    await target.query('commit');
    return copied;
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
}
