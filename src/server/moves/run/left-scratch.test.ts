import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import { openTestStore } from '@/server/store/test-store';

/**
 * A gateway killed while validation counted an archive leaves `ferry-validation-<pid>-*` in the temporary folder
 * (a bare repository may be GBs): the moves area's start removes those of processes that are gone, never one of a
 * process alive (another gateway on this machine).
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('removes the validation scratch folders a killed process left, at the moves area’s start; keeps a live one’s', async () => {
  // Above Linux's largest pid (2^22): no process has it.
  const left = path.join(tmpdir(), `ferry-validation-4194399-${Date.now()}`);
  const live = path.join(tmpdir(), `ferry-validation-${process.pid}-${Date.now()}`);
  for (const dir of [left, live]) {
    await mkdir(path.join(dir, 'repo.git'), { recursive: true });
    dirs.push(dir);
  }
  const archiveDir = await mkdtemp(path.join(tmpdir(), 'ferry-left-scratch-'));
  dirs.push(archiveDir);
  const test = await openTestStore();
  const gateway = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }), {
    store: test.store,
    archiveDir,
    watch: false,
  });
  try {
    expect(await gateway.start()).toContain('moves');
    await expect(stat(left)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(live)).isDirectory()).toBe(true);
  } finally {
    await gateway.stop();
    await test.store.close();
  }
}, 60_000);
