import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { buildWave } from '@/testing/wave-factories';
import type { GithubClient } from '../github-client';
import type { WaveContext } from '../wave-context';
import { adoptOrStart } from './start-batch';

const T = Date.parse('2026-11-26T10:00:00Z');

/**
 * A context whose GitHub lists `migrations` (or, per look, what `lists` gives) and starts export 99 when asked;
 * its store is one wave in memory.
 */
function contextWith(wave: Wave, migrations: unknown[], lists?: (look: number) => unknown[]) {
  let current = wave;
  const started: unknown[] = [];
  let looks = 0;
  const client = {
    get: () =>
      Promise.resolve({
        status: 200,
        body: lists ? lists(looks++) : migrations,
        headers: new Headers(),
        notModified: false,
      }),
    // Like the real client: a write whose job lost its lease is never sent.
    write: (_method: string, _path: string, body: unknown, fence?: AbortSignal) => {
      if (fence?.aborted) return Promise.reject(fence.reason as Error);
      started.push(body);
      return Promise.resolve({
        status: 201,
        body: {
          id: 99,
          state: 'pending',
          created_at: new Date(T).toISOString(),
          updated_at: new Date(T).toISOString(),
          repositories: [],
        },
        headers: new Headers(),
        notModified: false,
      });
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
    minCheckMs: 1_000,
    maxCheckMs: 60_000,
    now: () => T,
    log: () => {},
  } as unknown as WaveContext;
  return { context, started, current: () => current };
}

/** GitHub's record of an export of repositories a and b. */
const exportOfAB = (id: number, state: string, createdMs: number, updatedMs = createdMs) => ({
  id,
  state,
  created_at: new Date(createdMs).toISOString(),
  updated_at: new Date(updatedMs).toISOString(),
  repositories: [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ],
});

/** A running wave whose one batch (a, b) was left `starting` 40 s ago. */
const leftStarting = () =>
  buildWave(
    [{ state: 'starting', repos: ['a', 'b'], startRequestedAt: new Date(T - 40_000).toISOString() }],
    { state: 'running' },
  );

describe('a start retried after a crash', () => {
  it('never adopts the batch’s own earlier, failed export (same repositories, moments before)', async () => {
    const wave = buildWave(
      [
        {
          state: 'starting',
          repos: ['a', 'b'],
          startRequestedAt: new Date(T - 5_000).toISOString(),
          earlierMigrationIds: [41],
          attempts: 2,
        },
      ],
      { state: 'running' },
    );
    const earlier = exportOfAB(41, 'failed', T - 20_000, T - 10_000);
    const { context, started, current } = contextWith(wave, [earlier]);
    await adoptOrStart(context, wave, wave.batches[0]!);
    expect(started).toHaveLength(1);
    expect(current().batches[0]!.migrationId).toBe(99);
  });

  it('a start still on its way when first looked for is adopted at the second look, not sent again', async () => {
    const wave = leftStarting();
    const late = exportOfAB(57, 'pending', T - 1_000);
    // GitHub has not created it at the first look; it has by the second, one request's bound later.
    const { context, started, current } = contextWith(wave, [], (look) => (look === 0 ? [] : [late]));
    await adoptOrStart({ ...context, startSettleMs: 20 }, wave, wave.batches[0]!);
    expect(started).toEqual([]);
    expect(current().batches[0]!.migrationId).toBe(57);
  });

  it('with nothing at either look, sends the start once', async () => {
    const wave = leftStarting();
    const { context, started, current } = contextWith(wave, []);
    await adoptOrStart({ ...context, startSettleMs: 20 }, wave, wave.batches[0]!);
    expect(started).toHaveLength(1);
    expect(current().batches[0]!.migrationId).toBe(99);
  });

  it('a retry whose own lease is lost while it waits sends nothing: the job’s next holder will', async () => {
    const wave = leftStarting();
    const lease = new AbortController();
    const { context, started, current } = contextWith(wave, [], () => (lease.abort(new Error('lost')), []));
    await expect(
      adoptOrStart({ ...context, startSettleMs: 20 }, wave, wave.batches[0]!, lease.signal),
    ).rejects.toThrow('lost');
    expect(started).toEqual([]);
    expect(current().batches[0]!.state).toBe('starting');
    expect(current().batches[0]!.migrationId).toBeUndefined();
  });
});
