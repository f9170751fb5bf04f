import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLDER_NAME, LOCK_NAME, lockDataDir, StoreLockedError, type LockHolder } from './store-lock';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferry-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid that was running a moment ago and is not any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

/** A lock folder as a process that held it left it, with its holder file describing it. */
function leftLock(dir: string, holder: Partial<LockHolder>, ageMs = 0): void {
  const lock = path.join(dir, LOCK_NAME);
  mkdirSync(lock);
  const info = statSync(lock, { bigint: true });
  const full: LockHolder = {
    pid: 1,
    role: 'gateway',
    port: 5180,
    startedAt: '2026-01-01T00:00:00.000Z',
    host: hostname(),
    lockId: `${info.ino}:${info.birthtimeNs}`,
    ...holder,
  };
  writeFileSync(path.join(dir, HOLDER_NAME), JSON.stringify(full));
  if (ageMs) {
    const then = new Date(Date.now() - ageMs);
    utimesSync(lock, then, then);
  }
}

describe('the lock on DATA_DIR', () => {
  it('is held by one taker: a second is refused at once, naming the holder, until the first releases', async () => {
    const dir = freshDir();
    const first = await lockDataDir(dir, { role: 'gateway', port: 5180 });
    expect(existsSync(path.join(dir, LOCK_NAME))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, HOLDER_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
      port: 5180,
      role: 'gateway',
    });
    const refused = await lockDataDir(dir, { role: 'gateway', port: 5181 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreLockedError);
    const message = (refused as Error).message;
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain('port 5180');
    expect(message).toContain(`started ${first.holder.startedAt}`);
    expect(message).toContain(`kill ${process.pid}`);
    expect(message).toContain('DATA_DIR=');
    await first.release();
    expect(existsSync(path.join(dir, LOCK_NAME))).toBe(false);
    const second = await lockDataDir(dir, { role: 'gateway', port: 5181 });
    await second.release();
  });

  it('tells a backup or restore to wait for the gateway', async () => {
    const dir = freshDir();
    const gateway = await lockDataDir(dir, { role: 'gateway', port: 5180 });
    try {
      const refused = await lockDataDir(dir, { role: 'store:restore' }).catch((error: unknown) => error);
      expect((refused as Error).message).toMatch(/a Ferry gateway \(pid \d+, port 5180.*run this again/);
    } finally {
      await gateway.release();
    }
  });

  it('is taken over at once when its holder on this machine is no longer running (kill -9)', async () => {
    const dir = freshDir();
    leftLock(dir, { pid: deadPid() });
    const taken = await lockDataDir(dir, { role: 'gateway', port: 5181 });
    expect(JSON.parse(readFileSync(path.join(dir, HOLDER_NAME), 'utf8'))).toMatchObject({ pid: process.pid });
    await taken.release();
  });

  it('is taken over when the pid now belongs to another process (reused after the holder died)', async () => {
    const dir = freshDir();
    leftLock(dir, { pid: process.pid, pidStart: '1' });
    const taken = await lockDataDir(dir, { role: 'gateway' });
    await taken.release();
  });

  it('held by an unknown process or on another machine is refused while fresh, taken over once stale', async () => {
    const dir = freshDir();
    leftLock(dir, { host: 'another-machine', pid: 4242 });
    const refused = await lockDataDir(dir, { role: 'gateway' }).catch((error: unknown) => error);
    expect((refused as Error).message).toContain('on host another-machine');
    rmSync(path.join(dir, LOCK_NAME), { recursive: true });

    // Left 30 s ago, untouched since: its holder stopped, wherever it ran.
    leftLock(dir, { host: 'another-machine', pid: 4242 }, 30_000);
    const taken = await lockDataDir(dir, { role: 'gateway' });
    await taken.release();
  });

  it('never takes a holder file left from an earlier lock for the holder of the lock there now', async () => {
    const dir = freshDir();
    leftLock(dir, { pid: deadPid() });
    // The lock was replaced by a new one (another process starting) after the file was written.
    rmSync(path.join(dir, LOCK_NAME), { recursive: true });
    mkdirSync(path.join(dir, LOCK_NAME));
    const refused = await lockDataDir(dir, { role: 'gateway' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreLockedError);
    expect((refused as Error).message).toContain('it may be starting');
  });
});
