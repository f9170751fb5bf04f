import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';

/**
 * A suite's gateway as composed on the frozen, quiet embedded simulator with a test store and an archive folder of
 * its own (`prefix` names the folder), opened before the suite and closed after it. Read its fields inside tests.
 */
export function composedQuietGateway(
  prefix: string,
  /** The move runner's paces (a suite that runs moves looks every few ms instead of GitHub's pace). */
  moves?: NonNullable<Parameters<typeof composeGateway>[1]>['moves'],
): { gateway: Gateway; test: TestStore; dir: string } {
  const held = {} as { gateway: Gateway; test: TestStore; dir: string };
  beforeAll(async () => {
    held.dir = await mkdtemp(path.join(tmpdir(), prefix));
    held.test = await openTestStore();
    held.gateway = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }), {
      store: held.test.store,
      archiveDir: held.dir,
      watch: false,
      controlAccess: 'any',
      ...(moves ? { moves } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await held.gateway.stop();
    await held.test.store.close();
    await rm(held.dir, { recursive: true, force: true });
  });
  return held;
}
