import { readFileSync } from 'node:fs';
import { readFile, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process at a time opens the embedded store: PGlite has no cross-process lock of its own
 * (electric-sql/pglite#1106), and two processes writing one folder leave a store that no longer opens.
 *
 * The lock is `DATA_DIR/ferry.lock`, a folder made atomically by proper-lockfile and touched every few
 * seconds while held. Beside it, `ferry-lock-holder.json` says who holds (or last held) it, so a refused
 * process can name the holder and a lock left by a killed process is taken over at once when its holder is
 * known to be gone (same machine, pid no longer running) — otherwise once it has not been touched for
 * `STALE_MS`.
 */
export const LOCK_NAME = 'ferry.lock';
export const HOLDER_NAME = 'ferry-lock-holder.json';
/** A lock untouched this long is stale (its holder stopped without releasing it, on any machine). */
const STALE_MS = 20_000;
/** How often the holder touches the lock; a blocked event loop of up to STALE_MS - UPDATE_MS is tolerated. */
const UPDATE_MS = 5_000;

export interface LockHolder {
  pid: number;
  /** What holds it: `gateway` (with its port), `store:backup`, `store:restore`… */
  role: string;
  port?: number;
  startedAt: string;
  host: string;
  /** Linux: which boot and which process start the pid belongs to, so a reused pid is not taken for it. */
  bootId?: string;
  pidStart?: string;
  /** The lock folder this file describes (inode and birth time): a leftover file never speaks for a new lock. */
  lockId: string;
}

export interface DataDirLock {
  holder: LockHolder;
  release(): Promise<void>;
}

export interface LockOptions {
  role: string;
  port?: number;
  /**
   * Someone removed the lock or took it over while it was held. The default stops the process: going on
   * writing a store another process may have opened is how stores get damaged.
   */
  onLost?: (error: Error) => void;
}

/** Another process holds the store: the message names it and says what to do. */
export class StoreLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
    /** The role of the process refused: a gateway is told other ways out than a backup is. */
    refused: string,
  ) {
    super(lockedMessage(dataDir, holder, refused));
    this.name = 'StoreLockedError';
  }
}

function lockedMessage(dataDir: string, holder: LockHolder | undefined, refused: string): string {
  const who = holder
    ? `${holder.role === 'gateway' ? 'a Ferry gateway' : `npm run ${holder.role}`} (pid ${holder.pid}${
        holder.port ? `, port ${holder.port}` : ''
      }, started ${holder.startedAt}${holder.host === hostname() ? '' : `, on host ${holder.host}`})`
    : 'another process (it has not said which yet: it may be starting)';
  const stop = holder && holder.host === hostname() ? `stop it (kill ${holder.pid})` : 'stop it';
  const ways =
    refused === 'gateway'
      ? [
          `Either ${stop} and start again, or give this process a folder of its own (DATA_DIR=/another/folder);`,
          'several gateways share one memory through a PostgreSQL server (DATABASE_URL).',
        ]
      : [
          `${stop.charAt(0).toUpperCase()}${stop.slice(1)} first, then run this again: it needs the store to itself.`,
        ];
  return [
    `the embedded store in ${dataDir} is in use by ${who}.`,
    'One process at a time can open it; two at once damage it.',
    ...ways,
    `If nothing runs there any more, the lock (${path.join(dataDir, LOCK_NAME)}) is taken over by itself ${
      STALE_MS / 1000
    } s after its holder stopped.`,
  ].join(' ');
}

function linuxBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * From /proc/PID/stat: its state (field 3) and when it started (field 22, clock ticks since boot). A process
 * killed with `kill -9` stays a zombie until its parent reaps it: still "there" for `kill(pid, 0)`.
 */
function linuxProcess(pid: number): { state: string; start: string | undefined } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] };
  } catch {
    return undefined;
  }
}

/** Inode and birth time to the nanosecond: a folder made again in its place (same inode, often) differs. */
async function lockIdAt(lockPath: string): Promise<string> {
  const info = await stat(lockPath, { bigint: true });
  return `${info.ino}:${info.birthtimeNs}`;
}

async function readHolder(dir: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dir, HOLDER_NAME), 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.lockId === 'string'
      ? (parsed as LockHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `gone`: the holder cannot be running; `alive`: it is; `unknown`: another machine, or no word from it. */
function holderState(holder: LockHolder | undefined): 'gone' | 'alive' | 'unknown' {
  if (!holder || holder.host !== hostname()) return 'unknown';
  const bootId = linuxBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'gone';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: running, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const seen = linuxProcess(holder.pid);
  if (seen && (seen.state === 'Z' || seen.state === 'X')) return 'gone';
  if (holder.pidStart && seen?.start && holder.pidStart !== seen.start) return 'gone';
  return 'alive';
}

/** The holder named by the file, when the file describes the lock folder there now. */
async function currentHolder(dir: string): Promise<{ holder?: LockHolder; lockId?: string }> {
  let lockId: string;
  try {
    lockId = await lockIdAt(path.join(dir, LOCK_NAME));
  } catch {
    return {};
  }
  const holder = await readHolder(dir);
  return { lockId, holder: holder?.lockId === lockId ? holder : undefined };
}

function defaultOnLost(error: Error): void {
  console.error(
    `Ferry stops: its lock on the embedded store was removed or taken over by another process (${error.message}). ` +
      'Nothing more is written, so the two never write one store.',
  );
  process.exit(1);
}

/**
 * Take the lock on `dataDir` (already created) or throw `StoreLockedError` at once. A lock whose holder is
 * gone (killed with `kill -9`, machine restarted) is taken over.
 */
export async function lockDataDir(dataDir: string, options: LockOptions): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, LOCK_NAME);
  const before = await currentHolder(dir);
  const state = before.lockId ? holderState(before.holder) : 'unknown';
  if (state === 'alive') throw new StoreLockedError(dir, before.holder, options.role);
  if (state === 'gone') {
    // Only the folder that was judged: a new lock made meanwhile by a process starting beside us stays.
    const now = await lockIdAt(lockPath).catch(() => undefined);
    if (now === before.lockId) await rmdir(lockPath).catch(() => undefined);
  }
  let release: () => Promise<void>;
  try {
    // A lock untouched for STALE_MS (its holder on another machine, or unnamed) is taken over here.
    release = await lockfile.lock(dir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: options.onLost ?? defaultOnLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StoreLockedError(dir, (await currentHolder(dir)).holder, options.role);
    }
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`the lock ${lockPath} cannot be taken (${code})`, { cause: error });
  }
  const bootId = linuxBootId();
  const pidStart = linuxProcess(process.pid)?.start;
  const holder: LockHolder = {
    pid: process.pid,
    role: options.role,
    ...(options.port ? { port: options.port } : {}),
    // When this process started, as a person would recognise it in `ps`.
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(pidStart ? { pidStart } : {}),
    lockId: await lockIdAt(lockPath),
  };
  const file = path.join(dir, HOLDER_NAME);
  // Written whole or not at all: a reader never sees half a holder.
  await writeFile(`${file}.${process.pid}`, `${JSON.stringify(holder, null, 2)}\n`);
  await rename(`${file}.${process.pid}`, file);
  let released = false;
  return {
    holder,
    // The holder file stays: it describes a lock folder that no longer exists, so it never speaks for a new one.
    release: async () => {
      if (released) return;
      released = true;
      await release().catch(() => undefined);
    },
  };
}
