import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { applyEvent, createWave } from '@/server/waves/wave-machine';
import { sql } from 'drizzle-orm';
import { openStore, type Store } from './open-store';
import { createWaveStore } from './wave-store';
import { buildWavePlan } from '@/testing/wave-factories';

let opened: Store;
beforeAll(async () => {
  opened = await openStore({ databaseUrl: process.env.DATABASE_URL });
}, 60_000);
afterAll(() => opened.close());
const reset = () => opened.db.execute(sql`truncate wave_batches, waves`);

const AT = '2026-11-20T12:00:00.000Z';
const plan = () =>
  createWave(
    'w-1',
    buildWavePlan({
      filters: { namePattern: 'api-*' },
      caps: { maxRepos: 2, maxSizeKb: 1_000 },
      options: { lockRepositories: true, unlockWhenVerified: true },
    }),
    [
      { repos: ['api-1', 'api-2'], sizeKb: 300 },
      { repos: ['api-3'], sizeKb: 12 },
    ],
    AT,
  );

describe(`waves in the store (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  beforeEach(() => reset());

  it('keeps a wave and its batches through saves, as a fresh reader (a restarted gateway) sees them', async () => {
    const writer = createWaveStore(opened.db);
    let wave: Wave = plan();
    await writer.save(wave);
    wave = applyEvent(wave, { type: 'start-requested', batchId: 1, at: AT }, AT);
    wave = applyEvent(wave, { type: 'started', batchId: 1, migrationId: 42, at: AT }, AT);
    wave = applyEvent(wave, { type: 'exported', batchId: 1, at: AT }, AT);
    wave = applyEvent(wave, {
      type: 'downloaded',
      batchId: 1,
      file: '/d/a.tar.gz',
      bytes: 5_000_000_000,
      sha256: 'ab',
    });
    wave = applyEvent(
      wave,
      { type: 'verified', batchId: 1, ok: true, message: 'fine', repos: ['api-1', 'api-2'], at: AT },
      AT,
    );
    wave = applyEvent(wave, { type: 'requests', count: 7 }, AT);
    await writer.save(wave);

    // Another instance over the same database: what a gateway started after a kill -9 reads.
    const reader = createWaveStore(opened.db);
    const read = await reader.get('w-1');
    expect(read).toEqual(wave);
    expect(await reader.list()).toEqual([wave]);
    expect(await reader.get('nope')).toBeUndefined();
  });

  it('writes a save in one transaction: a failing save leaves the previous version whole', async () => {
    const wave = plan();
    const waves = createWaveStore(opened.db);
    await waves.save(wave);
    const broken = applyEvent(wave, { type: 'start-requested', batchId: 1, at: AT }, AT);
    // A batch row the schema refuses (no repositories) makes the whole save fail.
    const refused = {
      ...broken,
      requests: 99,
      batches: [broken.batches[0]!, { ...broken.batches[1]!, repos: null }],
    };
    await expect(waves.save(refused as unknown as Wave)).rejects.toThrow();
    expect(await createWaveStore(opened.db).get('w-1')).toEqual(wave);
  });
});
