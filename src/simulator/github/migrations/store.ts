import { randomBytes } from 'node:crypto';

/** The export options a migration was started with (the request body's booleans, defaults applied). */
export interface MigrationOptions {
  lock_repositories: boolean;
  exclude_metadata: boolean;
  exclude_git_data: boolean;
  exclude_attachments: boolean;
  exclude_releases: boolean;
  exclude_owner_projects: boolean;
  org_metadata_only: boolean;
  /** Echoed back as `exclude` (only `"repositories"` is meaningful). */
  exclude: string[];
}

export type MigrationScope = { kind: 'org'; org: string } | { kind: 'user'; login: string };

/** When each state begins, in simulated epoch milliseconds; fixed at creation (see state-machine.ts). */
export interface MigrationSchedule {
  createdAt: number;
  exportingAt: number;
  /** When the export ends: `exported`, or `failed` when `fails` is set. */
  finishedAt: number;
  fails: boolean;
  /** Why it failed, for the simulator's own log and docs (GitHub exposes no reason). */
  failureReason?: string;
}

export interface SimMigration {
  id: number;
  guid: string;
  scope: MigrationScope;
  /** Who started it. */
  startedBy: string;
  repoIds: number[];
  options: MigrationOptions;
  schedule: MigrationSchedule;
  /** Repository ids this migration locked and that are still locked by it. */
  locked: Set<number>;
  /** Set when `DELETE …/archive` removed the archive (simulated ms). */
  archiveDeletedAt?: number;
  /** The tar.gz, built on first download once the export finished. */
  archive?: Buffer;
}

/** Migration exports, their archives and repository locks. */
export interface MigrationStore {
  nextId: number;
  migrations: Map<number, SimMigration>;
  /** Signs storage URLs (HMAC key); fresh for every simulator state. */
  signingKey: Buffer;
}

export function createMigrationStore(): MigrationStore {
  return { nextId: 1, migrations: new Map(), signingKey: randomBytes(32) };
}
