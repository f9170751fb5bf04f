import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditVerifyResult } from '@/contracts/audit';
import type { Db } from './open-store';
import { auditChain, auditEntries } from './schema';

/**
 * The audit log's store (issue 51): entries appended one at a time, in a hash chain.
 *
 * - `hash = sha256(prevHash + canonical JSON of {seq, at, actor, role, action, target, outcome, requestId})`
 *   (keys in that order, `at` as ISO time with milliseconds), hex; the first entry's `prevHash` is
 *   `AUDIT_GENESIS_HASH`.
 * - Appends serialise on a transaction-level advisory lock (every gateway of a team, one server), so `seq` is
 *   1, 2, 3… without a gap and each entry follows the one before it.
 * - `audit_chain` (one row) holds the chain's two ends: where it starts — seq 0 and the genesis hash, or after
 *   retention the last pruned entry's seq and hash — and its newest entry, so a pruned start still verifies
 *   and a removed newest entry is found.
 * - `verify` walks the chain from its start: a changed field (the hash does not match), a removed entry (a gap
 *   in seq, or fewer entries than the head names) and a reordered or replaced entry (its `prevHash` is not the
 *   hash before it) each stop it at that entry's seq.
 */
export interface AuditAppend {
  /** When the request arrived (default now). */
  at?: Date;
  actor: string;
  role: string;
  action: string;
  target: string;
  outcome: string;
  requestId: string;
}

export interface AuditQuery {
  /** Exactly this login. */
  actor?: string;
  /** Actions containing this text (any case). */
  action?: string;
  /** At or after. */
  from?: Date;
  /** At or before. */
  to?: Date;
  /** Entries older than this seq (the page cursor). */
  before?: number;
  limit: number;
}

export interface AuditLog {
  append(entry: AuditAppend): Promise<AuditEntry>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEntry[]>;
  verify(): Promise<AuditVerifyResult>;
  /** Remove the entries older than `olderThan` from the start of the chain (never from its middle). */
  prune(olderThan: Date): Promise<{ pruned: number }>;
}

/** The `prevHash` of the first entry ever written. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Appends and prunes of every gateway of a team take turns on this transaction-level advisory lock. */
const AUDIT_LOCK = 0x4665_7241; // "FerA"

/** Entries read per query while verifying. */
const VERIFY_PAGE = 1_000;

type Row = typeof auditEntries.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The fields a hash covers, in the order they are written. */
export function canonicalAuditJson(entry: Omit<AuditEntry, 'prevHash' | 'hash'>): string {
  return JSON.stringify({
    seq: entry.seq,
    at: entry.at,
    actor: entry.actor,
    role: entry.role,
    action: entry.action,
    target: entry.target,
    outcome: entry.outcome,
    requestId: entry.requestId,
  });
}

export function auditHash(prevHash: string, entry: Omit<AuditEntry, 'prevHash' | 'hash'>): string {
  return createHash('sha256').update(prevHash).update(canonicalAuditJson(entry)).digest('hex');
}

const entryOf = (row: Row): AuditEntry => ({
  seq: row.seq,
  at: row.at.toISOString(),
  actor: row.actor,
  role: row.role,
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  requestId: row.requestId,
  prevHash: row.prevHash,
  hash: row.hash,
});

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function chainOf(tx: Tx | Db) {
  const [chain] = await tx.select().from(auditChain).where(eq(auditChain.id, 1));
  return chain;
}

/** The chain's newest entry as the next append follows it. */
async function headOf(tx: Tx): Promise<{ seq: number; hash: string }> {
  const chain = await chainOf(tx);
  if (chain) return { seq: chain.headSeq, hash: chain.headHash };
  // No chain row yet: a store whose entries came before it (none in practice) still appends after its last.
  const [last] = await tx
    .select({ seq: auditEntries.seq, hash: auditEntries.hash })
    .from(auditEntries)
    .orderBy(desc(auditEntries.seq))
    .limit(1);
  return last ?? { seq: 0, hash: AUDIT_GENESIS_HASH };
}

const lock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);

type Walk = { seq: number; hash: string; count: number };
type Broken = Extract<AuditVerifyResult, { ok: false }>;

/** One page of the chain checked from `walk` on; the walk moved past every good entry, or why it broke. */
function checkPage(rows: Row[], walk: Walk): Broken | undefined {
  for (const row of rows) {
    const expected = walk.seq + 1;
    if (row.seq !== expected) {
      const missing =
        row.seq - 1 > expected ? `entries #${expected} to #${row.seq - 1} are` : `entry #${expected} is`;
      return {
        ok: false,
        seq: expected,
        reason: `${missing} missing: the chain goes from #${walk.seq} to #${row.seq}`,
      };
    }
    if (row.prevHash !== walk.hash)
      return {
        ok: false,
        seq: row.seq,
        reason: `it does not follow entry #${walk.seq}: the chain was reordered or an entry replaced`,
      };
    if (auditHash(row.prevHash, entryOf(row)) !== row.hash)
      return {
        ok: false,
        seq: row.seq,
        reason: 'its fields were changed after it was written (its hash does not match)',
      };
    walk.seq = row.seq;
    walk.hash = row.hash;
    walk.count += 1;
  }
  return undefined;
}

async function verifyIn(tx: Tx): Promise<AuditVerifyResult> {
  const chain = await chainOf(tx);
  const walk: Walk = {
    seq: chain?.genesisSeq ?? 0,
    hash: chain?.genesisHash ?? AUDIT_GENESIS_HASH,
    count: 0,
  };
  for (;;) {
    const rows = await tx
      .select()
      .from(auditEntries)
      .where(gt(auditEntries.seq, walk.seq))
      .orderBy(asc(auditEntries.seq))
      .limit(VERIFY_PAGE);
    const broken = checkPage(rows, walk);
    if (broken) return broken;
    if (rows.length < VERIFY_PAGE) break;
  }
  if (chain && chain.headSeq > walk.seq) {
    const missing =
      chain.headSeq > walk.seq + 1
        ? `entries #${walk.seq + 1} to #${chain.headSeq} are`
        : `entry #${chain.headSeq} is`;
    return {
      ok: false,
      seq: walk.seq + 1,
      reason: `${missing} missing: the log's newest entry was #${chain.headSeq}`,
    };
  }
  if (chain && (chain.headSeq !== walk.seq || chain.headHash !== walk.hash))
    return {
      ok: false,
      seq: walk.seq,
      reason: `it is not the entry the log last wrote (#${chain.headSeq}): entries were added or replaced outside Ferry`,
    };
  return { ok: true, entries: walk.count, head: walk.seq > 0 ? { seq: walk.seq, hash: walk.hash } : null };
}

function whereOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actor !== undefined) conditions.push(eq(auditEntries.actor, query.actor));
  if (query.action !== undefined) conditions.push(ilike(auditEntries.action, likeText(query.action)));
  if (query.from) conditions.push(gte(auditEntries.at, query.from));
  if (query.to) conditions.push(lte(auditEntries.at, query.to));
  if (query.before !== undefined) conditions.push(lt(auditEntries.seq, query.before));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createAuditStore(db: Db): AuditLog {
  return {
    async append(entry) {
      return db.transaction(async (tx) => {
        await lock(tx);
        const head = await headOf(tx);
        const fields = {
          seq: head.seq + 1,
          at: (entry.at ?? new Date()).toISOString(),
          actor: entry.actor,
          role: entry.role,
          action: entry.action,
          target: entry.target,
          outcome: entry.outcome,
          requestId: entry.requestId,
        };
        const hash = auditHash(head.hash, fields);
        await tx
          .insert(auditEntries)
          .values({ ...fields, at: new Date(fields.at), prevHash: head.hash, hash });
        await tx
          .insert(auditChain)
          .values({
            id: 1,
            genesisSeq: 0,
            genesisHash: AUDIT_GENESIS_HASH,
            headSeq: fields.seq,
            headHash: hash,
          })
          .onConflictDoUpdate({ target: auditChain.id, set: { headSeq: fields.seq, headHash: hash } });
        return { ...fields, prevHash: head.hash, hash };
      });
    },

    async list(query) {
      const rows = await db
        .select()
        .from(auditEntries)
        .where(whereOf(query))
        .orderBy(desc(auditEntries.seq))
        .limit(query.limit);
      return rows.map(entryOf);
    },

    // One snapshot for the whole walk: entries appended meanwhile are not half seen.
    verify: () => db.transaction(verifyIn, { isolationLevel: 'repeatable read' }),

    async prune(olderThan) {
      return db.transaction(async (tx) => {
        await lock(tx);
        const chain = await chainOf(tx);
        if (!chain) return { pruned: 0 };
        // The start of the chain up to the first entry that is kept (entries are appended in time order).
        const [kept] = await tx
          .select({ seq: auditEntries.seq })
          .from(auditEntries)
          .where(gte(auditEntries.at, olderThan))
          .orderBy(asc(auditEntries.seq))
          .limit(1);
        const through = kept ? kept.seq - 1 : chain.headSeq;
        if (through <= chain.genesisSeq) return { pruned: 0 };
        const [last] = await tx
          .select({ hash: auditEntries.hash })
          .from(auditEntries)
          .where(eq(auditEntries.seq, through));
        // The new start is the hash the chain held there: the last pruned entry's (the head's when all go).
        const anchor = last?.hash ?? (through === chain.headSeq ? chain.headHash : undefined);
        if (!anchor) return { pruned: 0 };
        const removed = await tx
          .delete(auditEntries)
          .where(lte(auditEntries.seq, through))
          .returning({ seq: auditEntries.seq });
        await tx
          .update(auditChain)
          .set({ genesisSeq: through, genesisHash: anchor })
          .where(eq(auditChain.id, 1));
        return { pruned: removed.length };
      });
    },
  };
}
