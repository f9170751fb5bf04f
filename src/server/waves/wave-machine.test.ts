import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { applyEvent, batchesToStart, createWave, waveTotals, type WaveEvent } from './wave-machine';
import { buildWavePlan } from '@/testing/wave-factories';

const AT = '2026-01-01T00:00:00Z';
const request = buildWavePlan({ caps: { maxRepos: 4, maxSizeKb: 1_000_000, concurrency: 2 } });

const wave = (
  sizes: string[][] = [
    ['a', 'b', 'c', 'd'],
    ['e', 'f'],
  ],
) =>
  createWave(
    'w1',
    request,
    sizes.map((repos) => ({ repos, sizeKb: repos.length * 100 })),
    AT,
  );
const run = (start: Wave, ...events: WaveEvent[]) => events.reduce((w, e) => applyEvent(w, e, AT), start);
let migration = 100;
const attempt = (batchId: number): WaveEvent[] => [
  { type: 'start-requested', batchId, at: AT },
  { type: 'started', batchId, migrationId: migration++, at: AT },
];
const fail = (batchId: number): WaveEvent => ({ type: 'export-failed', batchId, at: AT, error: 'failed' });
const finish = (batchId: number): WaveEvent[] => [
  { type: 'exported', batchId, at: AT },
  { type: 'downloaded', batchId, file: `f${batchId}`, bytes: 10, sha256: 'x' },
  { type: 'verified', batchId, ok: true, message: 'ok', at: AT },
];

describe('the wave state machine', () => {
  it('starts at most `concurrency` exports at once, in order', () => {
    const w = wave([['a'], ['b'], ['c']]);
    expect(batchesToStart(w).map((b) => b.id)).toEqual([1, 2]);
    const one = run(w, ...attempt(1));
    expect(batchesToStart(one).map((b) => b.id)).toEqual([2]);
    const both = run(one, ...attempt(2));
    expect(batchesToStart(both)).toEqual([]);
    // A batch that is downloading no longer holds an export slot.
    expect(batchesToStart(run(both, { type: 'exported', batchId: 1, at: AT })).map((b) => b.id)).toEqual([3]);
  });

  it('runs a batch to verified and completes the wave when every batch is final', () => {
    const done = run(wave(), ...attempt(1), ...finish(1), ...attempt(2), ...finish(2));
    expect(done.state).toBe('completed');
    expect(done.startsSent).toBe(2);
    expect(waveTotals(done)).toMatchObject({ repos: 6, batches: 2, verified: 2, bytes: 20, isolated: 0 });
  });

  it('is not completed while a verified batch owes GitHub an unlock or the deletion of its copy', () => {
    const owing = createWave(
      'w2',
      buildWavePlan({
        options: { lockRepositories: true, unlockWhenVerified: true, deleteAfterDownload: true },
      }),
      [{ repos: ['a', 'b'], sizeKb: 200 }],
      AT,
    );
    const verified = run(owing, ...attempt(1), ...finish(1));
    expect(verified.state).toBe('running');
    const unlocked = run(verified, { type: 'unlocked', batchId: 1 });
    expect(unlocked.state).toBe('running');
    expect(run(unlocked, { type: 'github-copy-deleted', batchId: 1 }).state).toBe('completed');
  });

  it('retries a failed batch once, then splits it in halves until the broken repository is alone', () => {
    // Batch 1 holds the broken repository `c`.
    let w = run(wave(), ...attempt(1), fail(1));
    expect(w.batches[0]).toMatchObject({ state: 'queued', attempts: 1 });
    w = run(w, ...attempt(1), fail(1));
    expect(w.batches.map((b) => [b.id, b.state, b.repos.join('')])).toEqual([
      [1, 'split', 'abcd'],
      [2, 'queued', 'ef'],
      [3, 'queued', 'ab'],
      [4, 'queued', 'cd'],
    ]);
    w = run(w, ...attempt(3), ...finish(3), ...attempt(4), fail(4), ...attempt(4), fail(4));
    // cd → c, d
    expect(w.batches.slice(4).map((b) => [b.id, b.parentId, b.repos.join('')])).toEqual([
      [5, 4, 'c'],
      [6, 4, 'd'],
    ]);
    w = run(w, ...attempt(5), fail(5), ...attempt(5), fail(5), ...attempt(6), ...finish(6));
    expect(w.batches.find((b) => b.id === 5)?.state).toBe('isolated');
    expect(w.isolated).toEqual(['c']);
    w = run(w, ...attempt(2), ...finish(2));
    expect(w.state).toBe('completed');
    // Every repository is either in a verified archive or isolated, exactly once.
    const verified = w.batches.filter((b) => b.state === 'verified').flatMap((b) => b.repos);
    expect([...verified, ...w.isolated].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(waveTotals(w)).toMatchObject({ verifiedRepos: 5, isolated: 1, batches: 4 });
  });

  it('marks a wrong archive invalid; retry downloads it again without a new export', () => {
    let w = run(wave([['a']]), ...attempt(1), { type: 'exported', batchId: 1, at: AT });
    w = run(
      w,
      { type: 'downloaded', batchId: 1, file: 'f', bytes: 5, sha256: 's' },
      { type: 'verified', batchId: 1, ok: false, message: 'missing a', at: AT },
    );
    expect(w.batches[0]?.state).toBe('invalid');
    expect(w.state).toBe('completed');
    w = run(w, { type: 'retry', batchId: 1 });
    expect(w.state).toBe('running');
    expect(w.batches[0]).toMatchObject({ state: 'downloading', file: undefined, attempts: 1 });
    expect(waveTotals(w).bytes).toBe(0);
  });

  it('pauses (no new starts), resumes, and cancels what has not finished', () => {
    let w = run(wave([['a'], ['b'], ['c']]), ...attempt(1), { type: 'pause' });
    expect(w.state).toBe('paused');
    expect(batchesToStart(w)).toEqual([]);
    w = run(w, { type: 'resume' });
    expect(batchesToStart(w).map((b) => b.id)).toEqual([2]);
    w = run(w, ...finish(1), { type: 'cancel' });
    expect(w.state).toBe('cancelled');
    expect(w.batches.map((b) => b.state)).toEqual(['verified', 'cancelled', 'cancelled']);
    expect(run(w, { type: 'resume' }).state).toBe('cancelled');
  });

  it('an empty plan is complete at once', () => {
    expect(wave([]).state).toBe('completed');
  });
});
