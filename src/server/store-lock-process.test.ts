import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/free-port';
import { gatewayNodeArgs } from '@/testing/gateway-process';

/**
 * Real gateway processes on one DATA_DIR: the embedded store is opened by one process or refused, and a
 * lock left by a process killed with SIGKILL is taken over (issue 20).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-lock-process-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '0',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function startGateway(port: number): Promise<Run> {
  const gateway = run(gatewayNodeArgs(), { PORT: String(port) });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gateway.child.exitCode !== null) throw new Error(`the gateway exited: ${gateway.stderr()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return gateway;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway did not start: ${gateway.stderr()}`);
}

const holderPid = () =>
  (JSON.parse(readFileSync(path.join(dataDir, 'ferry-lock-holder.json'), 'utf8')) as { pid: number }).pid;

describe('two processes on one DATA_DIR', () => {
  it('the second exits at once naming the holder; after kill -9 of the first a new one takes the lock over', async () => {
    const firstPort = await freePort();
    const first = await startGateway(firstPort);
    const origin = `http://127.0.0.1:${firstPort}`;
    const saved = await fetch(`${origin}/api/ferry/drafts/octocat/hello-import`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: JSON.stringify({
        client: 'browser-one',
        saves: [{ authorId: 7, name: 'Mona', email: 'mona@example.com', baseVersion: 0 }],
      }),
    });
    expect(saved.status).toBe(200);

    // The second process is refused before it opens anything, and says who holds the store.
    const secondPort = await freePort();
    const startedAt = Date.now();
    const second = run(gatewayNodeArgs(), { PORT: String(secondPort) });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    const message = second.stderr();
    expect(message).toContain('Ferry cannot open its store');
    expect(message).toContain(`a Ferry gateway (pid ${first.child.pid}, port ${firstPort}, started `);
    expect(message).toContain(`kill ${first.child.pid}`);
    expect(message).toContain('DATA_DIR=');
    // The first was not disturbed.
    expect((await fetch(`${origin}/api/health`)).ok).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    // The killed process could not release its lock: it is still there, naming a process that is gone.
    expect(existsSync(path.join(dataDir, 'ferry.lock'))).toBe(true);

    const thirdPort = await freePort();
    const third = await startGateway(thirdPort);
    expect(holderPid()).toBe(third.child.pid);
    const drafts: unknown = await (
      await fetch(`http://127.0.0.1:${thirdPort}/api/ferry/drafts/octocat/hello-import`)
    ).json();
    expect(drafts).toMatchObject({ drafts: [{ authorId: 7, name: 'Mona', version: 1 }] });

    // A backup while a gateway runs is refused, naming it.
    const backupFile = path.join(dataDir, 'backup.tgz');
    const refusedBackup = run(['--import', 'tsx', 'scripts/store-backup.ts', backupFile], {});
    expect(await refusedBackup.exited).toBe(1);
    expect(refusedBackup.stderr()).toContain(`a Ferry gateway (pid ${third.child.pid}, port ${thirdPort}`);
    expect(existsSync(backupFile)).toBe(false);

    // A clean stop releases the lock; backup and restore then run.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'ferry.lock'))).toBe(false);
    const backup = run(['--import', 'tsx', 'scripts/store-backup.ts', backupFile], {});
    expect(await backup.exited).toBe(0);
    const restore = run(['--import', 'tsx', 'scripts/store-restore.ts', backupFile], {});
    expect(await restore.exited).toBe(0);

    // The restored store opens, with what was saved before the kill; a restore is refused while it runs.
    const fourthPort = await freePort();
    const fourth = await startGateway(fourthPort);
    const restored: unknown = await (
      await fetch(`http://127.0.0.1:${fourthPort}/api/ferry/drafts/octocat/hello-import`)
    ).json();
    expect(restored).toMatchObject({ drafts: [{ authorId: 7, name: 'Mona', version: 1 }] });
    const refusedRestore = run(['--import', 'tsx', 'scripts/store-restore.ts', backupFile], {});
    expect(await refusedRestore.exited).toBe(1);
    expect(refusedRestore.stderr()).toContain(`a Ferry gateway (pid ${fourth.child.pid}, port ${fourthPort}`);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 240_000);
});
