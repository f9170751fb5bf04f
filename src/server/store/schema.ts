import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Ferry's memory, one PostgreSQL schema for both the embedded store (PGlite) and a team's server.
 * Nothing here ever holds a token or key: rows describe what the upstreams answered and what users did.
 */

const at = (name = 'at') => timestamp(name, { withTimezone: true, mode: 'date' });

/** `x-ratelimit-*` readings: from forwarded responses (`header`) and the minute `/rate_limit` sample (`poll`). */
export const rateSamples = pgTable(
  'rate_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at().notNull(),
    resource: text('resource').notNull(),
    limit: integer('limit').notNull(),
    remaining: integer('remaining').notNull(),
    used: integer('used').notNull(),
    reset: at('reset').notNull(),
    source: text('source').notNull(),
    /** Which configured GitHub credential the reading is of (budgets are per user or installation). */
    credential: text('credential').notNull().default('default'),
    /** Rows older than a day are thinned to one per resource and five minutes; those survivors say so. */
    downsampled: boolean('downsampled').notNull().default(false),
  },
  (t) => [index('rate_samples_resource_at').on(t.resource, t.at)],
);

/** A state change of a migration or import, as seen by the gateway; kept after GitHub forgets it. */
export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at().notNull(),
    kind: text('kind').notNull(), // 'migration' | 'import'
    /** `org/octo-org/migration/42`, `user/migration/42`, `repo/octocat/hello/import`. */
    subject: text('subject').notNull(),
    state: text('state').notNull(),
    /** Who asked: the login behind the token for writes, `watcher` for changes the gateway observed. */
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('timeline_subject_at').on(t.subject, t.at), index('timeline_at').on(t.at)],
);

/** Unlocks done through Ferry (GitHub does not report lock state). */
export const unlocks = pgTable(
  'unlocks',
  {
    /** `org/octo-org` or `user`. */
    owner: text('owner').notNull(),
    migrationId: integer('migration_id').notNull(),
    repoName: text('repo_name').notNull(),
    at: at().notNull(),
    actor: text('actor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.migrationId, t.repoName] })],
);

/** Author-mapping drafts per import; the later save wins and says whom it overwrote. */
export const authorDrafts = pgTable(
  'author_drafts',
  {
    importKey: text('import_key').notNull(),
    authorId: integer('author_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    version: integer('version').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** A random id per browser, so a browser can tell its own saves from someone else's. */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importKey, t.authorId] })],
);

/** Organizations, imports and TLDs a user opened, newest first. */
export const recentItems = pgTable(
  'recent_items',
  {
    kind: text('kind').notNull(), // 'org' | 'import' | 'tld'
    key: text('key').notNull(),
    openedAt: at('opened_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('recent_opened').on(t.openedAt)],
);

/** What the shared watcher last saw of each followed resource, so a restart resumes with ETags. */
export const watchSnapshots = pgTable('watch_snapshots', {
  /** The upstream path, e.g. `orgs/octo-org/migrations/42`. */
  path: text('path').primaryKey(),
  kind: text('kind').notNull(),
  state: text('state').notNull(),
  etag: text('etag'),
  body: jsonb('body').notNull(),
  seenAt: at('seen_at').notNull(),
  terminal: boolean('terminal').notNull().default(false),
  /** The gateway polling it now (a team has one poller per resource), until `lease_until`. */
  poller: text('poller'),
  leaseUntil: at('lease_until'),
  createdAt: at('created_at')
    .notNull()
    .default(sql`now()`),
});

/** Migration waves (see src/server/waves): the plan and its counters; the batches are rows of `wave_batches`. */
export const waves = pgTable('waves', {
  id: text('id').primaryKey(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  state: text('state').notNull(),
  /** `{ kind: 'org' | 'user', login }`. */
  owner: jsonb('owner').notNull(),
  filters: jsonb('filters').notNull(),
  caps: jsonb('caps').notNull(),
  options: jsonb('options').notNull(),
  /** Repositories whose export fails on their own. */
  isolated: jsonb('isolated').$type<string[]>().notNull(),
  startsSent: integer('starts_sent').notNull(),
  requests: integer('requests').notNull(),
  /** `{ login, role }` of who started it (issue 51); none for waves started before sign-in existed. */
  startedBy: jsonb('started_by'),
  /** One more at each write of the wave (under this row's lock): a gateway holding it reads no batch again. */
  version: integer('version').notNull().default(0),
});

/** One batch of a wave; a row is written in the same transaction as its wave's counters. */
export const waveBatches = pgTable(
  'wave_batches',
  {
    waveId: text('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').notNull(),
    parentId: integer('parent_id'),
    repos: jsonb('repos').$type<string[]>().notNull(),
    sizeKb: bigint('size_kb', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull(),
    migrationId: integer('migration_id'),
    /** Exports of earlier attempts, failed and retried: still on GitHub, handled by the wave. */
    earlierMigrationIds: jsonb('earlier_migration_ids').$type<number[]>(),
    startRequestedAt: at('start_requested_at'),
    startedAt: at('started_at'),
    exportedAt: at('exported_at'),
    finishedAt: at('finished_at'),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    sha256: text('sha256'),
    verification: jsonb('verification'),
    error: text('error'),
    unlocked: boolean('unlocked').notNull().default(false),
    githubCopyDeleted: boolean('github_copy_deleted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.waveId, t.batchId] })],
);

/** Alert targets (src/server/alerts): where events go. The secret is the HMAC key, never sent to a browser. */
export const alertTargets = pgTable('alert_targets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  secret: text('secret'),
  events: jsonb('events').$type<string[]>().notNull(),
  rateThresholdPercent: integer('rate_threshold_percent').notNull(),
  paused: boolean('paused').notNull().default(false),
  pausedReason: text('paused_reason'),
  /** Deliveries in a row that failed for good (reset by one that succeeds). */
  failures: integer('failures').notNull().default(0),
  /** While paused: the oldest events dropped to keep at most ALERT_HELD_MAX held (reset by Resume). */
  heldDropped: integer('held_dropped').notNull().default(0),
  createdAt: at('created_at')
    .notNull()
    .default(sql`now()`),
});

/** One event for one target: recorded before it is sent, so a restart never sends it twice. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: text('id').primaryKey(),
    targetId: text('target_id')
      .notNull()
      .references(() => alertTargets.id, { onDelete: 'cascade' }),
    event: jsonb('event').notNull(),
    state: text('state').notNull(),
    attempts: jsonb('attempts').$type<{ at: string; status?: number; error?: string }[]>().notNull(),
    createdAt: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('alert_deliveries_target').on(t.targetId, t.createdAt)],
);

/**
 * When each GitHub account may send its next write (src/server/waves/shared-pace.ts). GitHub asks for a second
 * between one user's mutating requests: across a team's gateways that is one row per account, not a timer per
 * process.
 */
export const writePace = pgTable('write_pace', {
  account: text('account').primaryKey(),
  nextAt: at('next_at').notNull(),
});

/**
 * Moves into GitHub.com (src/server/moves/run): the move as `src/contracts/move-run.ts` says, without its
 * repositories (`move_repositories`). A change locks this row, and writes it only when the move itself changed.
 */
export const moves = pgTable('moves', {
  id: text('id').primaryKey(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  state: text('state').notNull(),
  /** The `Move` but its `repositories` (its id, dates and state repeated in the columns above for listing). */
  move: jsonb('move').notNull(),
  /**
   * One more at each write of the move or any of its repositories (under this row's lock): a gateway that holds
   * this version in memory reads only this row, not the repositories again.
   */
  version: integer('version').notNull().default(0),
});

/**
 * A move's repositories, one row each (`MoveRepository` in `repository`, in the move's order by `position`): an
 * event writes the rows it changed, not the whole move (500 repositories rewritten per event was O(n²)).
 */
export const moveRepositories = pgTable(
  'move_repositories',
  {
    moveId: text('move_id')
      .notNull()
      .references(() => moves.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    step: text('step').notNull(),
    repository: jsonb('repository').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.name] })],
);

/**
 * The pre-move inventory (issue 49, src/server/moves/inventory): per source organization and credential
 * (`scope`), one row for the organization's part (`name` empty) and one per repository, each the facts as read
 * (never a secret's value), with when it was read. Kept until refreshed; the simulator's reset drops its own.
 */
export const inventories = pgTable(
  'inventories',
  {
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    readAt: at('read_at').notNull(),
    facts: jsonb('facts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.name] })],
);

/**
 * The audit log (issue 51, src/server/store/audit-store.ts): one row per write through the gateway, `seq` 1, 2,
 * 3… without a gap, each row's `hash` the SHA-256 of the previous row's hash and its own fields, so an edited,
 * removed or reordered row breaks the chain. Never wiped by a simulator reset; pruned from the start only.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: at().notNull(),
    actor: text('actor').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    outcome: text('outcome').notNull(),
    requestId: text('request_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_entries_at').on(t.at), index('audit_entries_actor_seq').on(t.actor, t.seq)],
);

/**
 * The audit chain's two ends, one row (`id` 1): where it starts (`genesis_*`: seq 0 and the fixed genesis hash,
 * or the last entry retention pruned) and its newest entry (`head_*`, written with each append), so a pruned
 * start still verifies and a removed newest entry is found.
 */
export const auditChain = pgTable('audit_chain', {
  id: integer('id').primaryKey(),
  genesisSeq: bigint('genesis_seq', { mode: 'number' }).notNull(),
  genesisHash: text('genesis_hash').notNull(),
  headSeq: bigint('head_seq', { mode: 'number' }).notNull(),
  headHash: text('head_hash').notNull(),
});

/**
 * Sign-in (issue 51, src/server/auth): a signed-in person's session and a sign-in on its way (`kind` `session`
 * or `login`), keyed by the SHA-256 of the cookie's value (a copy of the store opens no session), so every
 * gateway of a team knows them. `data` holds who and what role; the person's GitHub token only sealed with a key
 * from the cookie's value. A login is deleted when used (one time); expired rows are swept.
 */
export const authSessions = pgTable('auth_sessions', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').notNull(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
});
