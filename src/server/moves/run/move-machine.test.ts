import { describe, expect, it } from 'vitest';
import type { Move, MoveRepository } from '@/contracts/move-run';
import type { RepositoryValidation } from '@/contracts/moves-validation';
import type { Wave, WaveBatch } from '@/contracts/waves';
import { applyMoveEvent, logOwed, moveActions, silentRepositories, type MoveEvent } from './move-machine';

const AT = '2026-11-20T12:00:00.000Z';
const LATER = '2026-11-20T12:05:00.000Z';

function repo(name: string, change: Partial<MoveRepository> = {}): MoveRepository {
  return { name, targetName: name, visibility: 'private', step: 'waiting', ...change };
}

function move(repositories: MoveRepository[], change: Partial<Move> = {}): Move {
  return {
    id: 'm-1',
    createdAt: AT,
    updatedAt: AT,
    state: 'running',
    source: { kind: 'org', login: 'octo-org' },
    target: { login: 'octo-target' },
    request: {
      source: { kind: 'org', login: 'octo-org' },
      target: { login: 'octo-target' },
    } as Move['request'],
    afterValidation: 'unlock',
    waveId: 'w-1',
    repositories,
    requests: { source: 0, target: 0, targetPoints: 0 },
    ...change,
  };
}

const apply = (m: Move, ...events: MoveEvent[]) =>
  events.reduce((next, e) => applyMoveEvent(next, e, LATER), m);
const stepOf = (m: Move, name: string) => m.repositories.find((r) => r.name === name)?.step;
const repoOf = (m: Move, name: string) => m.repositories.find((r) => r.name === name);

function wave(batches: Partial<WaveBatch>[], requests = 0): Wave {
  return {
    id: 'w-1',
    createdAt: AT,
    updatedAt: AT,
    state: 'running',
    owner: { kind: 'org', login: 'octo-org' },
    filters: {},
    caps: { maxRepos: 1, maxSizeKb: 1, concurrency: 2 },
    options: {} as Wave['options'],
    isolated: [],
    startsSent: 0,
    requests,
    batches: batches.map((batch, index) => ({
      id: index + 1,
      repos: [],
      sizeKb: 1,
      state: 'queued',
      attempts: 0,
      ...batch,
    })),
  };
}

const PASSED: RepositoryValidation = { result: 'passed', differences: [] };
const FAILED: RepositoryValidation = {
  result: 'failed',
  differences: [{ field: 'tags', source: 2, archive: 2, target: 1 }],
};

describe('the move machine: following the wave', () => {
  it('maps each batch of one to its repository: queued → waiting, running → exporting, verified → verified with the archive', () => {
    const m = move([repo('a'), repo('b'), repo('c')]);
    const next = apply(m, {
      type: 'wave',
      wave: wave(
        [
          { repos: ['a'], state: 'exporting' },
          { repos: ['b'], state: 'verified', file: '/d/b.tar.gz', bytes: 10, sha256: 'ab' },
          { repos: ['c'], state: 'queued' },
        ],
        7,
      ),
    });
    expect(stepOf(next, 'a')).toBe('exporting');
    expect(repoOf(next, 'a')?.batchId).toBe(1);
    expect(repoOf(next, 'b')).toMatchObject({
      step: 'verified',
      sourceLock: 'locked',
      archive: { file: '/d/b.tar.gz', bytes: 10, sha256: 'ab' },
    });
    expect(stepOf(next, 'c')).toBe('waiting');
    expect(next.requests.source).toBe(7);
    expect(next.updatedAt).toBe(LATER);
  });

  it('fails a repository whose batch is isolated or invalid, with the reason; a cancelled batch cancels it', () => {
    const next = apply(move([repo('a', { step: 'exporting' }), repo('b'), repo('c')]), {
      type: 'wave',
      wave: wave([
        { repos: ['a'], state: 'isolated', error: 'export failed on GitHub' },
        { repos: ['b'], state: 'invalid', verification: { ok: false, message: 'not a gzip' } },
        { repos: ['c'], state: 'cancelled' },
      ]),
    });
    expect(repoOf(next, 'a')).toMatchObject({
      step: 'failed',
      error: 'The export failed: export failed on GitHub',
    });
    expect(repoOf(next, 'b')).toMatchObject({ step: 'failed', error: 'The export failed: not a gzip' });
    expect(stepOf(next, 'c')).toBe('cancelled');
  });

  it('leaves repositories past their export alone, and a wave that says nothing new changes nothing', () => {
    const m = move([repo('a', { step: 'uploaded', batchId: 1 })]);
    const same = apply(m, {
      type: 'wave',
      wave: wave([{ repos: ['a'], state: 'verified', file: 'f', sha256: 's' }]),
    });
    expect(same).toBe(m);
  });
});

describe('the move machine: upload, start, import', () => {
  const verified = () =>
    move([repo('a', { step: 'verified', archive: { file: 'f', bytes: 1, sha256: 's' } })]);

  it('records upload progress (so a successor resumes), then the uri', () => {
    const progress = apply(verified(), {
      type: 'upload-progress',
      name: 'a',
      location: '/uploads/x?part_number=2',
      bytesSent: 100,
      parts: 1,
    });
    expect(repoOf(progress, 'a')).toMatchObject({
      step: 'uploading',
      upload: { location: '/uploads/x?part_number=2', bytesSent: 100, parts: 1 },
    });
    expect(moveActions(progress).upload).toEqual(['a']);
    const done = apply(progress, { type: 'uploaded', name: 'a', uri: 'gei://archive/1' });
    expect(repoOf(done, 'a')).toMatchObject({ step: 'uploaded', upload: { uri: 'gei://archive/1' } });
    expect(moveActions(done)).toMatchObject({ upload: [], start: ['a'], adopt: [] });
  });

  it('one upload job at a time holds an archive: a second job stands aside, the holder keeps it through its parts', () => {
    const claimed = apply(verified(), { type: 'upload-claimed', name: 'a', job: 'j1' });
    expect(repoOf(claimed, 'a')).toMatchObject({
      step: 'uploading',
      upload: { job: 'j1', claimedAt: LATER },
    });
    // Another gateway's look sent a second job while the first ran: it takes nothing.
    expect(apply(claimed, { type: 'upload-claimed', name: 'a', job: 'j2' })).toBe(claimed);
    const progress = apply(claimed, {
      type: 'upload-progress',
      name: 'a',
      location: '/uploads/x?part_number=2',
      bytesSent: 100,
      parts: 1,
    });
    expect(repoOf(progress, 'a')?.upload).toMatchObject({ job: 'j1', bytesSent: 100, parts: 1 });
    expect(apply(progress, { type: 'upload-claimed', name: 'a', job: 'j2' })).toBe(progress);
    // The holder's own job, back after its gateway died (same id), goes on from the part reached.
    const again = apply(progress, { type: 'upload-claimed', name: 'a', job: 'j1' });
    expect(repoOf(again, 'a')?.upload).toMatchObject({ job: 'j1', location: '/uploads/x?part_number=2' });
  });

  it('an upload nobody holds, or whose holder is silent past the job expiry, is taken by the next job', () => {
    const left = (upload: MoveRepository['upload'], updatedAt: string) =>
      move([
        repo('a', { step: 'uploading', archive: { file: 'f', bytes: 1, sha256: 's' }, upload, updatedAt }),
      ]);
    const unheld = left({ location: '/u?part_number=3', bytesSent: 2, parts: 2 }, AT);
    expect(
      repoOf(apply(unheld, { type: 'upload-claimed', name: 'a', job: 'j2' }), 'a')?.upload,
    ).toMatchObject({ job: 'j2', parts: 2 });
    const recent = left({ job: 'j1', claimedAt: AT, parts: 1 }, AT);
    expect(apply(recent, { type: 'upload-claimed', name: 'a', job: 'j2' })).toBe(recent);
    const silent = left({ job: 'j1', claimedAt: '2026-11-20T05:00:00.000Z' }, '2026-11-20T05:00:00.000Z');
    expect(repoOf(apply(silent, { type: 'upload-claimed', name: 'a', job: 'j2' }), 'a')?.upload?.job).toBe(
      'j2',
    );
  });

  it('one look validates a repository: a second look at once leaves it, the holder’s job (back after a kill) or a look past the expiry takes it', () => {
    const succeeded = move([
      repo('a', { step: 'validating', archive: { file: 'f', bytes: 1, sha256: 's' } }),
      repo('b', { step: 'validating', archive: { file: 'g', bytes: 1, sha256: 't' } }),
    ]);
    const claimed = apply(succeeded, { type: 'validation-claimed', names: ['a'], job: 'look-1' });
    expect(repoOf(claimed, 'a')?.validationClaim).toEqual({ job: 'look-1', at: LATER });
    // Another gateway's look, at once: b is free, a is not.
    const other = apply(claimed, { type: 'validation-claimed', names: ['a', 'b'], job: 'look-2' });
    expect(repoOf(other, 'a')?.validationClaim?.job).toBe('look-1');
    expect(repoOf(other, 'b')?.validationClaim?.job).toBe('look-2');
    expect(apply(other, { type: 'validation-claimed', names: ['a'], job: 'look-2' })).toBe(other);
    expect(
      repoOf(apply(other, { type: 'validation-claimed', names: ['a'], job: 'look-1' }), 'a')?.validationClaim,
    ).toEqual({ job: 'look-1', at: LATER });
    const expired = applyMoveEvent(
      other,
      { type: 'validation-claimed', names: ['a'], job: 'look-3' },
      '2026-11-20T12:10:00.000Z',
    );
    expect(repoOf(expired, 'a')?.validationClaim?.job).toBe('look-3');
  });

  it('a start is written before it is sent: without its answer the next job adopts, never starts again', () => {
    const uploaded = apply(verified(), { type: 'uploaded', name: 'a', uri: 'gei://archive/1' });
    const requested = apply(uploaded, { type: 'start-requested', name: 'a', at: LATER });
    expect(repoOf(requested, 'a')?.migration).toEqual({ startRequestedAt: LATER });
    expect(moveActions(requested)).toMatchObject({ start: [], adopt: ['a'] });
    // A second decision changes nothing (another gateway already wrote one).
    expect(apply(requested, { type: 'start-requested', name: 'a', at: 'x' })).toBe(requested);
    const started = apply(requested, { type: 'started', name: 'a', id: 'RM_1', state: 'QUEUED' });
    expect(repoOf(started, 'a')).toMatchObject({
      step: 'queued',
      migration: { startRequestedAt: LATER, id: 'RM_1', state: 'QUEUED' },
    });
    expect(moveActions(started)).toMatchObject({ start: [], adopt: [], poll: ['RM_1'] });
  });

  it('follows GEI states: IN_PROGRESS → importing, SUCCEEDED → validating, FAILED → failed with GitHub’s reason', () => {
    const base = move([
      repo('a', { step: 'queued', migration: { id: 'RM_1', state: 'QUEUED' } }),
      repo('b', { step: 'queued', migration: { id: 'RM_2', state: 'QUEUED' } }),
    ]);
    const importing = apply(base, { type: 'migration-state', name: 'a', state: 'IN_PROGRESS' });
    expect(stepOf(importing, 'a')).toBe('importing');
    const pending = apply(importing, { type: 'migration-state', name: 'a', state: 'PENDING_VALIDATION' });
    expect(stepOf(pending, 'a')).toBe('importing');
    const succeeded = apply(pending, { type: 'migration-state', name: 'a', state: 'SUCCEEDED' });
    expect(stepOf(succeeded, 'a')).toBe('validating');
    expect(moveActions(succeeded)).toMatchObject({ validate: ['a'], poll: ['RM_2'] });
    const failed = apply(succeeded, {
      type: 'migration-state',
      name: 'b',
      state: 'FAILED',
      failureReason: 'The archive appears to have expired',
    });
    expect(repoOf(failed, 'b')).toMatchObject({
      step: 'failed',
      error: 'GitHub says: The archive appears to have expired',
      migration: { state: 'FAILED', failureReason: 'The archive appears to have expired' },
    });
  });

  it('a refused start fails that repository; a refused credential fails the move and cancels what had not started', () => {
    const m = move([
      repo('a', { step: 'uploaded', upload: { uri: 'u' } }),
      repo('b', { step: 'importing', migration: { id: 'RM_2', state: 'IN_PROGRESS' } }),
      repo('c', { step: 'exporting' }),
    ]);
    const refused = apply(m, {
      type: 'repository-failed',
      name: 'a',
      error: 'GitHub says: A repository called octo-target/a already exists',
    });
    expect(stepOf(refused, 'a')).toBe('failed');
    const stopped = apply(m, {
      type: 'move-failed',
      error: 'GitHub says: Resource not accessible by integration',
    });
    expect(stopped.state).toBe('failed');
    expect(stopped.error).toMatch(/not accessible by integration/);
    expect(stepOf(stopped, 'a')).toBe('cancelled');
    expect(stepOf(stopped, 'b')).toBe('importing');
    expect(stepOf(stopped, 'c')).toBe('cancelled');
    // Nothing new starts; the import already on GitHub is still followed.
    expect(moveActions(stopped)).toMatchObject({ upload: [], start: [], poll: ['RM_2'] });
  });
});

describe('the move machine: validation and the source', () => {
  const validating = (afterValidation: Move['afterValidation'] = 'unlock') =>
    move(
      [
        repo('a', {
          step: 'validating',
          sourceLock: 'locked',
          migration: { id: 'RM_1', state: 'SUCCEEDED' },
        }),
      ],
      {
        afterValidation,
      },
    );

  it('passed → unlock owed, then done with the source unlocked; the move completes', () => {
    const passed = apply(validating(), { type: 'validated', name: 'a', validation: PASSED });
    expect(stepOf(passed, 'a')).toBe('validating');
    expect(moveActions(passed)).toMatchObject({ validate: [], unlock: ['a'] });
    const unlocked = apply(passed, { type: 'source-unlocked', name: 'a' });
    expect(repoOf(unlocked, 'a')).toMatchObject({ step: 'done', sourceLock: 'unlocked', validation: PASSED });
    expect(unlocked.state).toBe('completed');
  });

  it('one look unlocks a source: another look at once stands aside; the holder, or a look past the expiry, takes it', () => {
    // Issue 46, item 4: three gateways sent 216–240 unlocks for 99 repositories.
    const passed = apply(validating(), { type: 'validated', name: 'a', validation: PASSED });
    const claimed = apply(passed, { type: 'source-claimed', name: 'a', job: 'look-1' });
    expect(repoOf(claimed, 'a')?.sourceClaim).toEqual({ job: 'look-1', at: LATER });
    expect(apply(claimed, { type: 'source-claimed', name: 'a', job: 'look-2' })).toBe(claimed);
    const expired = applyMoveEvent(
      claimed,
      { type: 'source-claimed', name: 'a', job: 'look-3' },
      '2026-11-20T12:08:00.000Z',
    );
    expect(repoOf(expired, 'a')?.sourceClaim?.job).toBe('look-3');
    // Nothing to claim before validation passed.
    expect(apply(validating(), { type: 'source-claimed', name: 'a', job: 'look-1' })).toEqual(validating());
  });

  it('one look fetches an ended import’s log; a look that died holding it leaves it owed once its claim expired', () => {
    // Issue 46, item 6: two gateways fetched the same log (23 of 99 twice).
    const ended = move([
      repo('a', {
        step: 'validating',
        archive: { file: 'f', bytes: 1, sha256: 's' },
        migration: { id: 'RM_1', state: 'SUCCEEDED', endedAt: AT },
      }),
    ]);
    const taken = apply(ended, { type: 'log-claimed', name: 'a', job: 'look-1' });
    expect(apply(taken, { type: 'log-claimed', name: 'a', job: 'look-2' })).toBe(taken);
    expect(logOwed(repoOf(taken, 'a')!, Date.parse(LATER))).toBe(false);
    expect(logOwed(repoOf(taken, 'a')!, Date.parse(LATER) + 3 * 60_000)).toBe(true);
    const saved = apply(taken, { type: 'log-saved', name: 'a', file: 'f.log' });
    expect(apply(saved, { type: 'log-claimed', name: 'a', job: 'look-2' })).toBe(saved);
  });

  it('one look creates the migration source: another stands aside while the claim holds; once made, none may', () => {
    // Issue 46, item 7: two looks starting side by side each created a migration source.
    const uploaded = move([repo('a', { step: 'uploaded', upload: { uri: 'gei://archive/1' } })]);
    const taken = apply(uploaded, { type: 'migration-source-claimed', job: 'look-1' });
    expect(taken.migrationSourceClaim).toEqual({ job: 'look-1', at: LATER });
    expect(apply(taken, { type: 'migration-source-claimed', job: 'look-2' })).toBe(taken);
    const made = apply(taken, { type: 'migration-source', id: 'MS_1' });
    expect(made).toMatchObject({ migrationSourceId: 'MS_1', migrationSourceClaim: undefined });
    expect(apply(made, { type: 'migration-source-claimed', job: 'look-2' })).toBe(made);
  });

  it('reports a repository that stayed at a step longer than the step can take, and none of a paused move', () => {
    const at = Date.parse(AT);
    const running = move([
      repo('a', { step: 'validating', updatedAt: new Date(at - 31 * 60_000).toISOString() }),
      repo('b', { step: 'importing', updatedAt: new Date(at - 31 * 60_000).toISOString() }),
    ]);
    expect(silentRepositories(running, at)).toEqual([{ name: 'a', step: 'validating', forMs: 31 * 60_000 }]);
    expect(silentRepositories({ ...running, state: 'paused' }, at)).toEqual([]);
  });

  it('passed with keep-locked → done at once, the source locked', () => {
    const passed = apply(validating('keep-locked'), { type: 'validated', name: 'a', validation: PASSED });
    expect(repoOf(passed, 'a')).toMatchObject({ step: 'done', sourceLock: 'locked' });
    expect(moveActions(passed).unlock).toEqual([]);
    expect(passed.state).toBe('completed');
  });

  it('failed → failed with the differences kept, the source left locked, nothing to unlock', () => {
    const failed = apply(validating(), { type: 'validated', name: 'a', validation: FAILED });
    expect(repoOf(failed, 'a')).toMatchObject({ step: 'failed', sourceLock: 'locked', validation: FAILED });
    expect(moveActions(failed).unlock).toEqual([]);
    expect(failed.state).toBe('completed');
  });
});

describe('the move machine: the user’s events', () => {
  it('pause stops new uploads and starts but still follows imports; resume starts again', () => {
    const m = move([
      repo('a', { step: 'verified', archive: { file: 'f', bytes: 1, sha256: 's' } }),
      repo('b', { step: 'importing', migration: { id: 'RM_2', state: 'IN_PROGRESS' } }),
    ]);
    const paused = apply(m, { type: 'pause' });
    expect(paused.state).toBe('paused');
    expect(moveActions(paused)).toMatchObject({ upload: [], poll: ['RM_2'] });
    const resumed = apply(paused, { type: 'resume' });
    expect(resumed.state).toBe('running');
    expect(moveActions(resumed).upload).toEqual(['a']);
    expect(apply(resumed, { type: 'resume' })).toBe(resumed);
  });

  it('cancel ends every unfinished repository and the move; later events change nothing', () => {
    const m = move([repo('a', { step: 'done' }), repo('b', { step: 'uploading' })]);
    const cancelled = apply(m, { type: 'cancel' });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.repositories.map((r) => r.step)).toEqual(['done', 'cancelled']);
    expect(apply(cancelled, { type: 'resume' })).toBe(cancelled);
    expect(apply(cancelled, { type: 'retry', name: 'b' })).toBe(cancelled);
    expect(moveActions(cancelled)).toMatchObject({ upload: [], poll: [] });
  });

  it('abort ends one repository (aborted) and leaves the others', () => {
    const m = move([
      repo('a', { step: 'importing', migration: { id: 'RM_1', state: 'IN_PROGRESS' } }),
      repo('b', { step: 'exporting' }),
    ]);
    const aborted = apply(m, { type: 'abort', name: 'a' });
    expect(repoOf(aborted, 'a')).toMatchObject({ step: 'aborted', error: 'Aborted by a user.' });
    expect(stepOf(aborted, 'b')).toBe('exporting');
    expect(moveActions(aborted).poll).toEqual([]);
    expect(apply(aborted, { type: 'abort', name: 'a' })).toBe(aborted);
  });

  it('retry starts a repository again from where it stopped, and reopens a completed move', () => {
    const m = move(
      [
        repo('export', { step: 'failed', error: 'The export failed: x' }),
        repo('import', {
          step: 'failed',
          archive: { file: 'f', bytes: 1, sha256: 's' },
          upload: { uri: 'u' },
          migration: { id: 'RM_1', state: 'FAILED' },
        }),
        repo('valid', { step: 'failed', validation: FAILED, migration: { id: 'RM_2', state: 'SUCCEEDED' } }),
        repo('aborted', { step: 'aborted', archive: { file: 'f', bytes: 1, sha256: 's' } }),
        repo('done', { step: 'done' }),
      ],
      { state: 'completed' },
    );
    const again = apply(
      m,
      { type: 'retry', name: 'export' },
      { type: 'retry', name: 'import' },
      { type: 'retry', name: 'valid' },
      { type: 'retry', name: 'aborted' },
      { type: 'retry', name: 'done' },
    );
    expect(again.state).toBe('running');
    expect(repoOf(again, 'export')).toMatchObject({ step: 'exporting', error: undefined });
    expect(repoOf(again, 'import')).toMatchObject({
      step: 'verified',
      upload: undefined,
      migration: undefined,
    });
    expect(repoOf(again, 'valid')).toMatchObject({ step: 'validating', validation: undefined });
    expect(stepOf(again, 'aborted')).toBe('verified');
    expect(stepOf(again, 'done')).toBe('done');
    expect(moveActions(again)).toMatchObject({ upload: ['import', 'aborted'], validate: ['valid'] });
  });

  it('counts requests per side; the source is the wave’s plus the validation’s', () => {
    const m = move([repo('a')]);
    const counted = apply(m, { type: 'requests', source: 1, target: 2, targetPoints: 3 });
    expect(counted.requests).toEqual({ source: 1, target: 2, targetPoints: 3, sourceGraphql: 1 });
    const followed = apply(counted, { type: 'wave', wave: wave([{ repos: ['a'] }], 5) });
    expect(followed.requests.source).toBe(6);
    expect(apply(followed, { type: 'migration-source', id: 'MS_1' }).migrationSourceId).toBe('MS_1');
  });

  it('a wave read before a later one was written (overlapping looks) changes neither the count nor a step', () => {
    const m = move([repo('a')], { requests: { source: 1, target: 0, targetPoints: 0, sourcePreflight: 1 } });
    const later = apply(m, { type: 'wave', wave: wave([{ repos: ['a'], state: 'exporting' }], 7) });
    expect(later.requests.source).toBe(8);
    expect(stepOf(later, 'a')).toBe('exporting');
    const stale = apply(later, { type: 'wave', wave: wave([{ repos: ['a'], state: 'queued' }], 5) });
    expect(stale).toBe(later);
    // As many requests as the last one followed: the same or a newer state of the wave, followed.
    const same = apply(later, {
      type: 'wave',
      wave: wave([{ repos: ['a'], state: 'verified', file: 'f', sha256: 's' }], 7),
    });
    expect(stepOf(same, 'a')).toBe('verified');
  });

  it('a log whose fetch failed is fetched again at later looks: spaced, at most 5 times, while GitHub keeps it', () => {
    const ARCHIVE = { file: '/a.tar.gz', bytes: 1, sha256: 'a'.repeat(64) };
    const importing = move(
      [repo('a', { step: 'importing', archive: ARCHIVE, migration: { id: 'RM_1', state: 'IN_PROGRESS' } })],
      { state: 'running' },
    );
    const ended = apply(importing, {
      type: 'migration-state',
      name: 'a',
      state: 'FAILED',
      failureReason: 'x',
    });
    expect(repoOf(ended, 'a')?.migration?.endedAt).toBe(LATER);
    const later = Date.parse(LATER);
    // No failure yet: the poll that saw the end fetches it, not a later look.
    expect(moveActions(ended, later + 120_000).log).toEqual([]);
    const failed = apply(ended, { type: 'log-failed', name: 'a', final: false });
    expect(repoOf(failed, 'a')?.migration?.logAttempts).toBe(1);
    expect(moveActions(failed, later + 1_000).log).toEqual([]);
    // The move is over (its only repository failed): the log is still owed.
    expect(failed.state).toBe('completed');
    expect(moveActions(failed, later + 60_000).log).toEqual(['a']);
    expect(moveActions(failed, later + 24 * 3_600_000).log).toEqual([]);
    const fifth = apply(
      failed,
      ...Array.from({ length: 4 }, () => ({ type: 'log-failed' as const, name: 'a', final: false })),
    );
    expect(repoOf(fifth, 'a')?.migration?.logAttempts).toBe(5);
    expect(moveActions(fifth, later + 600_000).log).toEqual([]);
    // Gone or refused: never again. Saved: nothing owed.
    expect(
      moveActions(apply(ended, { type: 'log-failed', name: 'a', final: true }), later + 600_000).log,
    ).toEqual([]);
    const saved = apply(failed, { type: 'log-saved', name: 'a', file: '/a.tar.gz.migration-log.txt' });
    expect(moveActions(saved, later + 600_000).log).toEqual([]);
  });
});
