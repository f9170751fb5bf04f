import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  BatchState,
  Wave,
  WaveBatch,
  WaveCaps,
  WaveExportOptions,
  WaveFilters,
  WaveState,
} from '@/contracts/waves';
import type { Actor } from '@/contracts/session';
import type { WaveRepository } from '@/server/waves/wave-repository';
import type { Db } from './open-store';
import { waveBatches, waves } from './schema';

/**
 * Waves in the store. A save writes the wave's row and the batches that changed since the last save in one
 * transaction, so a kill -9 leaves the wave as it was before or after a state-machine step, never between.
 */
const date = (value: string | undefined) => (value ? new Date(value) : null);
const iso = (value: Date | null) => value?.toISOString() ?? undefined;
const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

function batchRow(waveId: string, batch: WaveBatch) {
  return {
    waveId,
    batchId: batch.id,
    parentId: batch.parentId ?? null,
    repos: batch.repos,
    sizeKb: Math.round(batch.sizeKb),
    state: batch.state,
    attempts: batch.attempts,
    migrationId: batch.migrationId ?? null,
    earlierMigrationIds: batch.earlierMigrationIds ?? null,
    startRequestedAt: date(batch.startRequestedAt),
    startedAt: date(batch.startedAt),
    exportedAt: date(batch.exportedAt),
    finishedAt: date(batch.finishedAt),
    file: batch.file ?? null,
    bytes: batch.bytes ?? null,
    sha256: batch.sha256 ?? null,
    verification: batch.verification ?? null,
    error: batch.error ?? null,
    unlocked: batch.unlocked ?? false,
    githubCopyDeleted: batch.githubCopyDeleted ?? false,
  };
}

type BatchRow = typeof waveBatches.$inferSelect;
type WaveRow = typeof waves.$inferSelect;

function toBatch(row: BatchRow): WaveBatch {
  const batch: WaveBatch = {
    id: row.batchId,
    parentId: orUndefined(row.parentId),
    repos: row.repos,
    sizeKb: row.sizeKb,
    state: row.state as BatchState,
    attempts: row.attempts,
    migrationId: orUndefined(row.migrationId),
    earlierMigrationIds: orUndefined(row.earlierMigrationIds),
    startRequestedAt: iso(row.startRequestedAt),
    startedAt: iso(row.startedAt),
    exportedAt: iso(row.exportedAt),
    finishedAt: iso(row.finishedAt),
    file: orUndefined(row.file),
    bytes: orUndefined(row.bytes),
    sha256: orUndefined(row.sha256),
    verification: orUndefined(row.verification) as WaveBatch['verification'],
    error: orUndefined(row.error),
    unlocked: row.unlocked || undefined,
    githubCopyDeleted: row.githubCopyDeleted || undefined,
  };
  return Object.fromEntries(Object.entries(batch).filter(([, value]) => value !== undefined)) as WaveBatch;
}

function toWave(row: WaveRow, batches: BatchRow[]): Wave {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    state: row.state as WaveState,
    owner: row.owner as Wave['owner'],
    filters: row.filters as WaveFilters,
    caps: row.caps as WaveCaps,
    options: row.options as WaveExportOptions,
    isolated: row.isolated,
    startsSent: row.startsSent,
    requests: row.requests,
    ...(row.startedBy ? { startedBy: row.startedBy as Actor } : {}),
    batches: batches.map(toBatch),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function waveValues(wave: Wave) {
  return {
    id: wave.id,
    createdAt: new Date(wave.createdAt),
    updatedAt: new Date(wave.updatedAt),
    state: wave.state,
    owner: wave.owner,
    filters: wave.filters,
    caps: wave.caps,
    options: wave.options,
    isolated: wave.isolated,
    startsSent: wave.startsSent,
    requests: wave.requests,
    startedBy: wave.startedBy ?? null,
  };
}

/**
 * Write the wave's row at `version` and every batch that differs from `before` (what the same transaction read).
 */
async function write(tx: Tx | Db, wave: Wave, before: Map<number, string>, version: number | SQL) {
  const values = waveValues(wave);
  await tx
    .insert(waves)
    .values({ ...values, version: typeof version === 'number' ? version : 0 })
    .onConflictDoUpdate({ target: waves.id, set: { ...values, version } });
  for (const batch of wave.batches) {
    if (before.get(batch.id) === JSON.stringify(batch)) continue;
    const row = batchRow(wave.id, batch);
    await tx
      .insert(waveBatches)
      .values(row)
      .onConflictDoUpdate({ target: [waveBatches.waveId, waveBatches.batchId], set: row });
  }
}

/** The wave exactly as a read of what `write` wrote would give it (dates, rounding, absent fields). */
const asStored = (wave: Wave, version: number): Wave =>
  toWave(
    { ...waveValues(wave), version },
    wave.batches.map((batch) => ({ ...batchRow(wave.id, batch) })),
  );

/** Waves this process holds in memory at most. */
const WAVES_HELD = 8;

export function createWaveStore(db: Db): WaveRepository {
  // The last version of each wave this process read or wrote: while the store's version is the same, only the
  // wave's own row is read, not its batches (a move of 500 repositories is a wave of 500 batches, read at every
  // step). Waves are never changed in place (the wave machine returns new objects).
  const held = new Map<string, { version: number; wave: Wave }>();
  const hold = (wave: Wave, version: number) => {
    held.delete(wave.id);
    held.set(wave.id, { version, wave });
    for (const id of held.keys()) {
      if (held.size <= WAVES_HELD) break;
      held.delete(id);
    }
  };

  async function read(
    source: Tx | Db,
    id: string,
    lock = false,
  ): Promise<{ version: number; wave: Wave } | undefined> {
    const query = source.select().from(waves).where(eq(waves.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    const known = held.get(id);
    if (known?.version === row.version) return known;
    const batches = await source
      .select()
      .from(waveBatches)
      .where(eq(waveBatches.waveId, id))
      .orderBy(asc(waveBatches.batchId));
    return { version: row.version, wave: toWave(row, batches) };
  }

  return {
    async list() {
      const rows = await db.select({ id: waves.id }).from(waves);
      const all = await Promise.all(rows.map((row) => read(db, row.id)));
      return all
        .flatMap((found) => (found ? [found.wave] : []))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async get(id) {
      const found = await read(db, id);
      if (found) hold(found.wave, found.version);
      return found?.wave;
    },
    async save(wave) {
      held.delete(wave.id);
      await db.transaction((tx) => write(tx, wave, new Map(), sql`${waves.version} + 1`));
    },
    // Every gateway of a team writes through here: the wave's row is locked for the read-change-write, so two
    // gateways acting on one wave take turns and each sees what the other wrote.
    async update(id, change) {
      let written: { version: number; wave: Wave } | undefined;
      const answer = await db.transaction(async (tx) => {
        const found = await read(tx, id, true);
        if (!found) return undefined;
        const current = found.wave;
        const next = change(current);
        if (next === current) return current;
        const version = found.version + 1;
        await write(
          tx,
          next,
          new Map(current.batches.map((batch) => [batch.id, JSON.stringify(batch)])),
          version,
        );
        written = { version, wave: asStored(next, version) };
        return next;
      });
      // Held once committed: a transaction that failed leaves the store, and so this process, as before.
      if (written) hold(written.wave, written.version);
      return answer;
    },
  };
}
