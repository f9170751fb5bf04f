import { asc, eq } from 'drizzle-orm';
import type {
  BatchState,
  Wave,
  WaveBatch,
  WaveCaps,
  WaveExportOptions,
  WaveFilters,
  WaveState,
} from '@/contracts/waves';
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
  };
}

/** Write the wave's row and every batch that differs from `before` (what the same transaction read). */
async function write(tx: Tx | Db, wave: Wave, before: Map<number, string>) {
  const values = waveValues(wave);
  await tx.insert(waves).values(values).onConflictDoUpdate({ target: waves.id, set: values });
  for (const batch of wave.batches) {
    if (before.get(batch.id) === JSON.stringify(batch)) continue;
    const row = batchRow(wave.id, batch);
    await tx
      .insert(waveBatches)
      .values(row)
      .onConflictDoUpdate({ target: [waveBatches.waveId, waveBatches.batchId], set: row });
  }
}

export function createWaveStore(db: Db): WaveRepository {
  async function read(source: Tx | Db, id: string, lock = false): Promise<Wave | undefined> {
    const query = source.select().from(waves).where(eq(waves.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return undefined;
    const batches = await source
      .select()
      .from(waveBatches)
      .where(eq(waveBatches.waveId, id))
      .orderBy(asc(waveBatches.batchId));
    return toWave(row, batches);
  }

  return {
    async list() {
      const rows = await db.select({ id: waves.id }).from(waves);
      const all = await Promise.all(rows.map((row) => read(db, row.id)));
      return all
        .filter((wave): wave is Wave => wave !== undefined)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    get: (id) => read(db, id),
    async save(wave) {
      await db.transaction((tx) => write(tx, wave, new Map()));
    },
    // Every gateway of a team writes through here: the wave's row is locked for the read-change-write, so two
    // gateways acting on one wave take turns and each sees what the other wrote.
    update(id, change) {
      return db.transaction(async (tx) => {
        const current = await read(tx, id, true);
        if (!current) return undefined;
        const next = change(current);
        if (next === current) return current;
        await write(tx, next, new Map(current.batches.map((batch) => [batch.id, JSON.stringify(batch)])));
        return next;
      });
    },
  };
}
