import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { buildWave, NO_EXPORT_OPTIONS } from '@/testing/wave-factories';
import type { GithubClient } from '../github-client';
import type { WaveContext } from '../wave-context';
import { finishBatch, unlockBatch } from './unlock-batch';

const T = Date.parse('2026-11-26T10:00:00Z');
const REPOS = Array.from({ length: 8 }, (_, i) => `repo-${i}`);

/** A wave in memory; GitHub answers each unlock 204, and the job is cut off (throws) after `cutAfter` of them. */
function world(wave: Wave, cutAfter = Infinity) {
  let current = wave;
  const unlocked: string[] = [];
  let sent = 0;
  const client = {
    write: (method: string, path: string) => {
      if (method === 'DELETE' && path.endsWith('/lock')) {
        if (sent >= cutAfter) return Promise.reject(new Error('the job’s lease was lost'));
        sent += 1;
        unlocked.push(decodeURIComponent(path.split('/repos/')[1]!.replace('/lock', '')));
      }
      return Promise.resolve({ status: 204, body: undefined, headers: new Headers(), notModified: false });
    },
  } as unknown as GithubClient;
  const context = {
    repository: {
      update: (_id: string, change: (wave: Wave) => Wave) => Promise.resolve((current = change(current))),
      get: () => Promise.resolve(current),
    },
    client,
    clientFor: () => client,
    jobs: { send: () => Promise.resolve() },
    now: () => T,
    log: () => {},
  } as unknown as WaveContext;
  return {
    context,
    unlocked,
    current: () => current,
    allowMore: (n: number) => {
      cutAfter = sent + n;
    },
  };
}

const verifiedBatch = () =>
  buildWave([{ state: 'verified', repos: REPOS, migrationId: 42 }], {
    state: 'running',
    options: { ...NO_EXPORT_OPTIONS, lockRepositories: true, unlockWhenVerified: true },
  });

describe('a verified batch’s unlocks, cut off part-way (a step past its expiry)', () => {
  it('pick up after the repositories GitHub already confirmed: each is unlocked once', async () => {
    const w = world(verifiedBatch(), 3);
    await expect(finishBatch(w.context, w.current(), w.current().batches[0]!)).rejects.toThrow();
    expect(w.unlocked).toEqual(REPOS.slice(0, 3));
    expect(w.current().batches[0]!.unlockedRepos).toEqual({ migrationId: 42, repos: REPOS.slice(0, 3) });

    // The next job sees the progress and carries on; even cut off again each time, it gets to the end.
    for (let attempt = 0; attempt < 5 && !w.current().batches[0]!.unlocked; attempt += 1) {
      w.allowMore(2);
      await finishBatch(w.context, w.current(), w.current().batches[0]!).catch(() => undefined);
    }
    expect(w.current().batches[0]!.unlocked).toBe(true);
    expect(w.unlocked).toEqual(REPOS);
    expect(w.current().state).toBe('completed');
  });

  it('a new export forgets the progress of the one it replaces', async () => {
    const w = world(verifiedBatch(), 2);
    await finishBatch(w.context, w.current(), w.current().batches[0]!).catch(() => undefined);
    const batch = { ...w.current().batches[0]!, migrationId: 43 };
    w.allowMore(Infinity);
    await finishBatch(w.context, { ...w.current(), batches: [batch] }, batch);
    expect(w.unlocked.slice(2)).toEqual(REPOS);
  });

  it('the Unlock button unlocks every repository, whatever was recorded', async () => {
    const w = world(verifiedBatch(), 4);
    await finishBatch(w.context, w.current(), w.current().batches[0]!).catch(() => undefined);
    w.allowMore(Infinity);
    await unlockBatch(w.context, w.current(), w.current().batches[0]!);
    expect(w.unlocked.slice(4)).toEqual(REPOS);
  });
});
