import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway as Runtime } from '@/server/gateway';
import { createFerryStore, type FerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';

/**
 * A request that needs the job engine while it cannot start yet (its set-up failed, or waited for another
 * gateway's too long) is told to come back: 503 with `Retry-After`, never the 500 of an unexpected failure.
 */
let dir: string;
let store: FerryStore;
let runtime: Runtime;
let engineUp = false;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-engine-unavailable-'));
  const opened = createFerryStore(await openStore({}));
  // The engine's SQL fails until the test lets it through; the rest of the store works.
  store = {
    ...opened,
    executeSql: (text, values) =>
      engineUp ? opened.executeSql(text, values) : Promise.reject(new Error('deadlock detected')),
  };
  const config = loadConfig({ SIM_SCENARIO: 'big-org', SIM_SPEED: '3000' });
  runtime = composeGateway(config, { store, archiveDir: dir, watch: false, controlAccess: 'any' });
});
afterAll(async () => {
  await runtime.stopJobs();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const ORIGIN = 'http://localhost:5180';
const create = () =>
  runtime.app.request(`${ORIGIN}/api/waves`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      owner: { kind: 'org', login: 'big-org' },
      filters: { namePattern: 'api-10?' },
      caps: { maxRepos: 10, concurrency: 2 },
      options: { lockRepositories: false },
    }),
  });

describe('a request meeting a job engine that is not started', () => {
  it('is answered 503 with Retry-After, and served once the engine starts', { timeout: 30_000 }, async () => {
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'JOBS_STARTING', source: 'gateway' });

    engineUp = true;
    expect((await create()).status).toBe(201);
  });
});
