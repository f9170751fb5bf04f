import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';

/** `npm run audit:verify` on an embedded store in a folder of its own (`DATA_DIR`), as a person runs it. */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-audit-verify-'));
  const store = createFerryStore(await openStore({ dataDir }));
  try {
    for (let n = 1; n <= 3; n++)
      await store.auditLog.append({
        actor: 'local',
        role: 'local',
        action: 'POST /api/moves',
        target: '/api/moves',
        outcome: '201 ok',
        requestId: `r-${n}`,
      });
  } finally {
    await store.close();
  }
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function verifyCommand(env: Record<string, string>) {
  return spawnSync('npx', ['tsx', 'scripts/audit-verify.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run audit:verify', () => {
  it('says the chain is intact (exit 0), then finds an entry edited with SQL (exit 1)', async () => {
    const intact = verifyCommand({ DATA_DIR: dataDir });
    expect(intact.stdout).toContain('Audit log verified: 3 entries, chain intact.');
    expect(intact.status).toBe(0);

    const store = await openStore({ dataDir });
    try {
      await store.executeSql(`update audit_entries set actor = 'mallory' where seq = 2`);
    } finally {
      await store.close();
    }
    const broken = verifyCommand({ DATA_DIR: dataDir });
    expect(broken.stderr).toMatch(/^Audit log BROKEN at entry #2: its fields were changed/m);
    expect(broken.status).toBe(1);
  }, 120_000);

  it('does not make a store where there is none (exit 2)', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'ferry-audit-none-'));
    try {
      const run = verifyCommand({ DATA_DIR: empty });
      expect(run.stderr).toMatch(/there is no embedded store in .*pglite \(is DATA_DIR right\?\)/);
      expect(run.status).toBe(2);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
