import type { PlanAccountCost } from './budgets';
import type { MigrationOptions } from './github/migration';
import type { RepositoryListItem } from './github/repository';
import type { Actor } from './session';
import type { RepoLock } from './wave-locks';

/**
 * Migration waves: the shapes the gateway's `/api/waves/*` answers and the SPA reads. A wave exports many
 * repositories of one owner in batches; the gateway runs it, downloads and verifies every archive.
 */

/** Which repositories a wave takes. Every field narrows; an empty filter takes all. */
export interface WaveFilters {
  /** Glob on the name (`*`, `?`, `[a-z]`); several patterns separated by commas or spaces. */
  namePattern?: string;
  languages?: string[];
  visibility?: 'all' | 'public' | 'private';
  archived?: 'include' | 'exclude' | 'only';
  minSizeKb?: number;
  maxSizeKb?: number;
  /** ISO dates: pushed on or after / before. */
  pushedAfter?: string;
  pushedBefore?: string;
}

export interface WaveCaps {
  /** At most this many repositories in one batch. */
  maxRepos: number;
  /** At most this many KB (GitHub's `size`) in one batch; a larger repository goes alone. */
  maxSizeKb: number;
  /** At most this many exports running at once. */
  concurrency: number;
}

export interface WaveExportOptions extends MigrationOptions {
  /** Unlock the batch's repositories once its archive is verified (only with lockRepositories). */
  unlockWhenVerified: boolean;
  /** `DELETE …/archive` on GitHub once Ferry holds a verified copy. */
  deleteAfterDownload: boolean;
  /** The configured GitHub credential the wave runs with (absent: the first that may export). */
  credential?: string;
}

export interface WavePlanRequest {
  /** `{ kind: 'org', login }` or the authenticated user's own repositories. */
  owner: { kind: 'org' | 'user'; login: string };
  filters: WaveFilters;
  caps: WaveCaps;
  options: WaveExportOptions;
  /**
   * Batches as the user arranged them in the preview (repository names, each selected one exactly once);
   * absent: the gateway batches by the caps.
   */
  batches?: string[][];
}

/** At most this many batches may be named in a plan. */
export const MAX_PLANNED_BATCHES = 1_000;

/** A repository as the owner's list gives it (read by src/contracts/github/repository.ts). */
export type PlannedRepo = RepositoryListItem;

export interface PlannedBatch {
  repos: string[];
  sizeKb: number;
}

export interface WavePreview {
  /** Repositories of the owner seen (before filtering). */
  listed: number;
  selected: number;
  selectedSizeKb: number;
  batches: PlannedBatch[];
  /**
   * GitHub requests the wave should cost if no export fails: listing, then per batch a start, the status
   * checks that see a change (1 to 3: a check that finds nothing new is a free 304) and the archive link,
   * then the optional unlocks and deletions. `total`..`totalMax` is that range; each failed export adds a
   * retry or two halves, which no plan can know in advance.
   */
  requests: {
    listing: number;
    perBatch: number;
    perBatchMax: number;
    extras: number;
    total: number;
    totalMax: number;
  };
  /** Seconds, at the export speed observed so far (or GitHub-like defaults). */
  estimatedSeconds: number;
  /** What the wave costs the account its credential spends (a user's tokens share one budget). */
  budget?: PlanAccountCost;
}

/**
 * A batch's states. `failed`: the export failed; it will be retried or split. `split`: replaced by two halves
 * after failing twice. `isolated`: a single repository whose export fails even alone (reported, not retried).
 * `invalid`: downloaded, but the archive is not what was asked for (or cannot be read).
 */
export const WAVE_BATCH_STATES = [
  'queued',
  'starting',
  'exporting',
  'downloading',
  'verifying',
  'verified',
  'failed',
  'split',
  'isolated',
  'invalid',
  'cancelled',
] as const;

export type BatchState = (typeof WAVE_BATCH_STATES)[number];

export interface WaveBatch {
  id: number;
  /** The batch this one was split from. */
  parentId?: number;
  repos: string[];
  sizeKb: number;
  state: BatchState;
  /** Export attempts made (1 = first, 2 = the retry). */
  attempts: number;
  migrationId?: number;
  /** Exports of earlier attempts (failed, retried by the wave). */
  earlierMigrationIds?: number[];
  /** Set when the start request is about to be sent: a restart then looks for it before sending another. */
  startRequestedAt?: string;
  startedAt?: string;
  exportedAt?: string;
  finishedAt?: string;
  file?: string;
  bytes?: number;
  /** Bytes on disk so far while downloading. */
  downloaded?: number;
  totalBytes?: number;
  sha256?: string;
  verification?: { ok: boolean; message: string; repos?: string[] };
  error?: string;
  unlocked?: boolean;
  /**
   * The repositories GitHub confirmed unlocked for the export `migrationId` so far: the unlocks are paced (a
   * second apart, shared by the team), so a large batch's take longer than one job may run; the next job picks
   * up after them instead of starting over.
   */
  unlockedRepos?: { migrationId: number; repos: string[] };
  githubCopyDeleted?: boolean;
}

/** `stopped`: GitHub refused the wave's credential (its reason on the batch it stopped at); resume retries. */
export type WaveState = 'running' | 'paused' | 'stopped' | 'cancelled' | 'completed';

export interface Wave {
  id: string;
  createdAt: string;
  updatedAt: string;
  state: WaveState;
  owner: WavePlanRequest['owner'];
  filters: WaveFilters;
  caps: WaveCaps;
  options: WaveExportOptions;
  batches: WaveBatch[];
  /** Repositories whose export fails on their own. */
  isolated: string[];
  /** Export starts sent to GitHub (a restart must never add one for a batch already started). */
  startsSent: number;
  /** GitHub requests this wave made. */
  requests: number;
  /** Who started it (a signed-in person, or `local`): a self-service person acts on their own waves only. */
  startedBy?: Actor;
}

/**
 * An export a wave started, as the overview needs it: `held` (Ferry keeps the archive, verified),
 * `handled` (failed, and the wave retried or split it), `running`, or `problem` (fails alone, or its archive
 * was rejected).
 */
export interface WaveExport {
  migrationId: number;
  batch: number;
  outcome: 'held' | 'handled' | 'running' | 'problem';
}

export interface WaveSummary {
  id: string;
  createdAt: string;
  state: WaveState;
  owner: WavePlanRequest['owner'];
  repos: number;
  batches: number;
  verified: number;
  isolated: number;
  /** Batches whose archive was rejected or whose repository fails alone. */
  failedBatches: number;
  exports: WaveExport[];
  /** The credential the wave runs with (absent: the gateway's default for exports). */
  credential?: string;
  /** Why a `stopped` wave stopped: GitHub's refusal of its credential. */
  stopReason?: string;
}

export interface ManifestRow {
  batch: number;
  migrationId: number | null;
  repositories: string[];
  /** Each repository's lock as far as the wave knows (`wave-locks.ts`). */
  locks: Record<string, RepoLock>;
  file: string | null;
  bytes: number | null;
  sha256: string | null;
  state: BatchState;
  startedAt: string | null;
  exportedAt: string | null;
  finishedAt: string | null;
}

/** Totals counted from batch states (an archive counts once, whatever happened before). */
export interface WaveTotals {
  repos: number;
  batches: number;
  verified: number;
  verifiedRepos: number;
  bytes: number;
  isolated: number;
  running: number;
  failedBatches: number;
}

/** `GET /api/waves/:id`: the wave, its totals, and download progress by batch id. */
export type WaveView = Wave & {
  totals: WaveTotals;
  /** Why a `stopped` wave stopped (GitHub's refusal of its credential). */
  stopReason?: string;
  progress: Record<string, { downloaded: number; total?: number }>;
};
