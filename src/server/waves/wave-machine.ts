import type {
  BatchState,
  PlannedBatch,
  Wave,
  WaveBatch,
  WavePlanRequest,
  WaveTotals,
} from '@/contracts/waves';

/**
 * The wave as an explicit state machine: every change is an event applied by `applyEvent` (pure), and the runner
 * only decides which events to produce from what GitHub and the disk say. Batches move
 *
 *   queued → starting → exporting → downloading → verifying → verified (then owes its unlocks and the
 *                   deletion of GitHub's copy when the wave asks: the wave completes once GitHub confirmed them)
 *                 ↘ failed: retried once (queued again, attempt 2), then split in halves (`split`), down to a
 *                   single repository that fails alone (`isolated`, reported)
 *   downloading/verifying → invalid (the archive is not what was asked for; retry downloads it again)
 *
 * A batch is `starting` from the moment Ferry decides to send the start request (persisted first), so a restart
 * knows to look for the export on GitHub before sending another one.
 */
export type WaveEvent =
  | { type: 'start-requested'; batchId: number; at: string }
  | { type: 'started'; batchId: number; migrationId: number; at: string }
  | { type: 'export-failed'; batchId: number; at: string; error: string }
  | { type: 'exported'; batchId: number; at: string }
  | { type: 'downloaded'; batchId: number; file: string; bytes: number; sha256: string }
  | { type: 'download-failed'; batchId: number; error: string }
  | { type: 'verified'; batchId: number; ok: boolean; message: string; repos?: string[]; at: string }
  | { type: 'unlocked'; batchId: number }
  /** Some of the batch's repositories are confirmed unlocked (progress of a paced unlock). */
  | { type: 'repos-unlocked'; batchId: number; migrationId: number; repos: string[] }
  | { type: 'github-copy-deleted'; batchId: number }
  | { type: 'retry'; batchId: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  | { type: 'requests'; count: number }
  /** GitHub refused the wave's credential (not the repositories): the wave stops, nothing is split for it. */
  | { type: 'credential-refused'; batchId: number; reason: string };

export const TERMINAL_BATCH_STATES: ReadonlySet<BatchState> = new Set([
  'verified',
  'split',
  'isolated',
  'invalid',
  'cancelled',
]);
export const EXPORTING_STATES: ReadonlySet<BatchState> = new Set(['starting', 'exporting']);

export function createWave(id: string, request: WavePlanRequest, batches: PlannedBatch[], at: string): Wave {
  return {
    id,
    createdAt: at,
    updatedAt: at,
    state: batches.length === 0 ? 'completed' : 'running',
    owner: request.owner,
    filters: request.filters,
    caps: request.caps,
    options: request.options,
    batches: batches.map((batch, index) => ({
      id: index + 1,
      repos: batch.repos,
      sizeKb: batch.sizeKb,
      state: 'queued',
      attempts: 0,
    })),
    isolated: [],
    startsSent: 0,
    requests: 0,
  };
}

function half(batch: WaveBatch, repos: string[], id: number, sizes: Map<string, number>): WaveBatch {
  return {
    id,
    parentId: batch.id,
    repos,
    sizeKb: repos.reduce((total, name) => total + (sizes.get(name) ?? 0), 0),
    state: 'queued',
    attempts: 0,
  };
}

/** Split in halves; sizes are apportioned by repository count when per-repository sizes are not known. */
function split(wave: Wave, batch: WaveBatch): WaveBatch[] {
  const middle = Math.ceil(batch.repos.length / 2);
  const perRepo = batch.sizeKb / Math.max(1, batch.repos.length);
  const sizes = new Map(batch.repos.map((name) => [name, perRepo]));
  const nextId = Math.max(...wave.batches.map((b) => b.id)) + 1;
  return [
    half(batch, batch.repos.slice(0, middle), nextId, sizes),
    half(batch, batch.repos.slice(middle), nextId + 1, sizes),
  ];
}

function withBatch(wave: Wave, batchId: number, change: (batch: WaveBatch) => WaveBatch): Wave {
  return { ...wave, batches: wave.batches.map((batch) => (batch.id === batchId ? change(batch) : batch)) };
}

/**
 * What a verified batch still owes GitHub: its repositories' unlocks and the deletion of GitHub's copy, when the
 * wave asks for them. Each is done only once GitHub confirmed it, so a wave with any owed is not finished.
 */
export function owedWork(wave: Wave, batch: WaveBatch): { unlock: boolean; deleteCopy: boolean } {
  const verified = batch.state === 'verified';
  return {
    unlock: verified && wave.options.lockRepositories && wave.options.unlockWhenVerified && !batch.unlocked,
    deleteCopy: verified && wave.options.deleteAfterDownload && !batch.githubCopyDeleted,
  };
}

export const owesWork = (wave: Wave, batch: WaveBatch) => {
  const owed = owedWork(wave, batch);
  return owed.unlock || owed.deleteCopy;
};

/** Completed: every batch at an end and every unlock and deletion it owes confirmed by GitHub. */
function settle(wave: Wave): Wave {
  if (wave.state === 'cancelled' || wave.state === 'completed') return wave;
  const done = wave.batches.every(
    (batch) => TERMINAL_BATCH_STATES.has(batch.state) && !owesWork(wave, batch),
  );
  return done ? { ...wave, state: 'completed' } : wave;
}

export function applyEvent(wave: Wave, event: WaveEvent, at: string = new Date().toISOString()): Wave {
  const next = settle(reduce(wave, event));
  return next === wave ? wave : { ...next, updatedAt: at };
}

function reduce(wave: Wave, event: WaveEvent): Wave {
  switch (event.type) {
    case 'start-requested':
      return {
        ...withBatch(wave, event.batchId, (batch) => ({
          ...batch,
          state: 'starting',
          attempts: batch.attempts + 1,
          migrationId: undefined,
          // A new export locks the repositories again.
          unlocked: undefined,
          unlockedRepos: undefined,
          githubCopyDeleted: undefined,
          // The export this attempt replaces stays on GitHub (failed): the overview must know it is handled.
          earlierMigrationIds:
            batch.migrationId === undefined
              ? batch.earlierMigrationIds
              : [...(batch.earlierMigrationIds ?? []), batch.migrationId],
          startRequestedAt: event.at,
          error: undefined,
        })),
      };
    case 'started':
      return {
        ...withBatch(wave, event.batchId, (batch) => ({
          ...batch,
          state: 'exporting',
          migrationId: event.migrationId,
          startedAt: event.at,
        })),
        startsSent: wave.startsSent + 1,
      };
    case 'export-failed': {
      const batch = wave.batches.find((b) => b.id === event.batchId);
      if (!batch) return wave;
      if (batch.attempts < 2) {
        return withBatch(wave, batch.id, (b) => ({ ...b, state: 'queued', error: event.error }));
      }
      if (batch.repos.length > 1) {
        const halves = split(wave, batch);
        const marked = withBatch(wave, batch.id, (b) => ({
          ...b,
          state: 'split',
          error: event.error,
          finishedAt: event.at,
        }));
        return { ...marked, batches: [...marked.batches, ...halves] };
      }
      const isolated = withBatch(wave, batch.id, (b) => ({
        ...b,
        state: 'isolated',
        error: event.error,
        finishedAt: event.at,
      }));
      return { ...isolated, isolated: [...new Set([...wave.isolated, ...batch.repos])] };
    }
    case 'exported':
      return withBatch(wave, event.batchId, (batch) => ({
        ...batch,
        state: 'downloading',
        exportedAt: event.at,
      }));
    case 'downloaded':
      return withBatch(wave, event.batchId, (batch) => ({
        ...batch,
        state: 'verifying',
        file: event.file,
        bytes: event.bytes,
        sha256: event.sha256,
        error: undefined,
      }));
    case 'download-failed':
      return withBatch(wave, event.batchId, (batch) => ({ ...batch, error: event.error }));
    case 'verified':
      return withBatch(wave, event.batchId, (batch) => ({
        ...batch,
        state: event.ok ? 'verified' : 'invalid',
        verification: { ok: event.ok, message: event.message, repos: event.repos },
        finishedAt: event.at,
      }));
    case 'unlocked':
      return withBatch(wave, event.batchId, (batch) => ({ ...batch, unlocked: true }));
    case 'repos-unlocked':
      return withBatch(wave, event.batchId, (batch) => {
        const known = batch.unlockedRepos?.migrationId === event.migrationId ? batch.unlockedRepos.repos : [];
        const repos = [...new Set([...known, ...event.repos])];
        return { ...batch, unlockedRepos: { migrationId: event.migrationId, repos } };
      });
    case 'github-copy-deleted':
      return withBatch(wave, event.batchId, (batch) => ({ ...batch, githubCopyDeleted: true }));
    case 'retry': {
      const batch = wave.batches.find((b) => b.id === event.batchId);
      if (!batch) return wave;
      const reopened = wave.state === 'completed' ? { ...wave, state: 'running' as const } : wave;
      if (batch.state === 'invalid') {
        // Download it again (the export on GitHub is still there).
        return withBatch(reopened, batch.id, (b) => ({
          ...b,
          state: 'downloading',
          file: undefined,
          bytes: undefined,
          sha256: undefined,
          verification: undefined,
        }));
      }
      if (batch.state === 'isolated') {
        return {
          ...withBatch(reopened, batch.id, (b) => ({ ...b, state: 'queued', attempts: 1 })),
          isolated: wave.isolated.filter((name) => !batch.repos.includes(name)),
        };
      }
      return wave;
    }
    case 'credential-refused': {
      if (wave.state === 'cancelled' || wave.state === 'completed') return wave;
      const stopped = { ...wave, state: 'stopped' as const };
      return withBatch(stopped, event.batchId, (batch) =>
        batch.state === 'starting'
          ? // The refused start was no attempt: the batch waits, as it was, for a resume.
            {
              ...batch,
              state: 'queued',
              attempts: Math.max(0, batch.attempts - 1),
              startRequestedAt: undefined,
              error: `${REFUSED}${event.reason}`,
            }
          : { ...batch, error: `${REFUSED}${event.reason}` },
      );
    }
    case 'pause':
      return wave.state === 'running' ? { ...wave, state: 'paused' } : wave;
    case 'resume':
      return wave.state === 'paused' || wave.state === 'stopped' ? { ...wave, state: 'running' } : wave;
    case 'cancel': {
      if (wave.state === 'completed' || wave.state === 'cancelled') return wave;
      // Exports already running on GitHub finish there; Ferry stops following and downloading them.
      return {
        ...wave,
        state: 'cancelled',
        batches: wave.batches.map((batch) =>
          TERMINAL_BATCH_STATES.has(batch.state) ? batch : { ...batch, state: 'cancelled' },
        ),
      };
    }
    case 'requests':
      return { ...wave, requests: wave.requests + event.count };
  }
}

const REFUSED = 'GitHub refused the credential: ';

/** Why a stopped wave stopped (GitHub's refusal of its credential), or undefined. */
export function waveStopReason(wave: Wave): string | undefined {
  if (wave.state !== 'stopped') return undefined;
  const error = wave.batches.find((batch) => batch.error?.startsWith(REFUSED))?.error;
  return error?.slice(REFUSED.length);
}

/** Batches to start now: queued ones, while fewer than `concurrency` exports run. */
export function batchesToStart(wave: Wave): WaveBatch[] {
  if (wave.state !== 'running') return [];
  const running = wave.batches.filter((batch) => EXPORTING_STATES.has(batch.state)).length;
  const room = Math.max(0, wave.caps.concurrency - running);
  return wave.batches.filter((batch) => batch.state === 'queued').slice(0, room);
}

/** Totals counted from batch states only, so an archive is counted once whatever happened before. */
export function waveTotals(wave: Wave): WaveTotals {
  const leaves = wave.batches.filter((batch) => batch.state !== 'split');
  const verified = leaves.filter((batch) => batch.state === 'verified');
  return {
    repos: leaves.reduce((total, batch) => total + batch.repos.length, 0),
    batches: leaves.length,
    verified: verified.length,
    verifiedRepos: verified.reduce((total, batch) => total + batch.repos.length, 0),
    bytes: verified.reduce((total, batch) => total + (batch.bytes ?? 0), 0),
    isolated: wave.isolated.length,
    running: leaves.filter((batch) => !TERMINAL_BATCH_STATES.has(batch.state) && batch.state !== 'queued')
      .length,
    failedBatches: leaves.filter((batch) => batch.state === 'invalid' || batch.state === 'isolated').length,
  };
}
