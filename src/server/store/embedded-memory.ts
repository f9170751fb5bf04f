import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { StoreCreationError } from './store-creation-error';
import { DEFAULT_CREATE_TIMEOUT_MS } from './store-config';
import { copyFromTemplate, STORE_TEMPLATE_ENV } from './store-template';

/**
 * What keeps the gateway's memory at rest low with the embedded store open (issue 21). Measured on the
 * built gateway (`node --optimize-for-size dist-server/main.js`, 10 s after start): 355–419 MB with PGlite's
 * defaults, 204–220 MB with the settings and the separate creation below, 119–123 MB with `compileWasmOnce`
 * as well; see docs/memory.md.
 */

/**
 * PostgreSQL's defaults are sized for a server with memory to spare: 128 MB of shared buffers live inside
 * PGlite's WebAssembly heap and are touched as pages are read. Ferry's store is a few MB; the operating
 * system's page cache holds the files anyway (PGlite reads them through Node's fs).
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=8MB', 'temp_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=8MB'].flatMap(
    (setting) => ['-c', setting],
  ),
];

/**
 * PostgreSQL compiled to WebAssembly is 9 MB of code. V8 compiles it quickly (Liftoff), then recompiles hot
 * functions with its optimizing compiler (TurboFan), whose code and compilation memory kept the gateway about
 * 85 MB heavier for good (at rest, `--optimize-for-size`: 188–227 MB → 119–123 MB). Ferry's queries are small:
 * measured on 97,920 readings, the last-hour read is as fast (p50 1.7 ms either way), writes too, and the
 * last-day read of all categories goes from 69 to 96 ms. Set before PGlite compiles its module; it applies to
 * WebAssembly only.
 */
export function compileWasmOnce(): void {
  setFlagsFromString('--liftoff-only');
}

/** Runs in a node of its own: makes the data folder (PostgreSQL's initdb inside PGlite) and closes it. */
const CREATE = `
const { PGlite } = require(process.argv[1]);
(async () => {
  const client = new PGlite(process.argv[2]);
  await client.waitReady;
  await client.close();
})().catch((error) => {
  console.error(error && error.message ? error.message : String(error));
  process.exit(1);
});
`;

/**
 * Create the embedded store's data folder in a short-lived child process when it does not exist yet.
 * PGlite's initdb peaks at ~800 MB and the process that ran it stays ~170 MB heavier for good (V8's code
 * space and malloc's arenas are not given back; a worker thread keeps them too), so the gateway only ever
 * opens a folder that already exists. A creation that fails, or does not end within `limitMs`
 * (`STORE_CREATE_TIMEOUT_MS`), is a `StoreCreationError` and leaves no half-made store in `folder`.
 */
export async function createDataFolderApart(
  folder: string,
  limitMs = DEFAULT_CREATE_TIMEOUT_MS,
): Promise<void> {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return;
  const template = process.env[STORE_TEMPLATE_ENV];
  const making = template
    ? copyFromTemplate(folder, template, (candidate) => initdbApart(candidate, limitMs))
    : initdbInPlace(folder, limitMs);
  return making.catch((error: unknown) => {
    if (error instanceof StoreCreationError)
      throw new StoreCreationError(folder, error.why, error.timedOutAfterMs, { cause: error });
    const why = error instanceof Error ? error.message : String(error);
    throw new StoreCreationError(folder, why, undefined, { cause: error });
  });
}

/**
 * initdb in a folder beside `folder`, moved into place once complete: one cut short (killed, timed out) leaves
 * `folder` as it was, so the next start creates it again rather than taking it for a damaged store.
 */
async function initdbInPlace(folder: string, limitMs: number): Promise<void> {
  const prefix = `${path.basename(folder)}.creating-`;
  // What a creation killed part-way left (its caller holds the store's lock: no other is under way).
  for (const name of await readdir(path.dirname(folder)).catch(() => []))
    if (name.startsWith(prefix))
      await rm(path.join(path.dirname(folder), name), { recursive: true, force: true });
  const candidate = `${folder}.creating-${process.pid}-${randomUUID()}`;
  try {
    await initdbApart(candidate, limitMs);
    // Start-up makes `folder` first: empty, it gives way (a folder with files in it is not replaced).
    await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(candidate, folder);
  } finally {
    await rm(candidate, { recursive: true, force: true });
  }
}

/** PostgreSQL's initdb inside PGlite, in a child process that ends when it is done (or at `limitMs`). */
async function initdbApart(folder: string, limitMs: number): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CREATE, entry, folder], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      if (timedOut)
        return reject(new StoreCreationError(folder, `not created within ${limitMs / 1000} s`, limitMs));
      const why = stderr.trim().slice(0, 1_000) || `initdb ended (${signal ?? `code ${code}`})`;
      reject(new StoreCreationError(folder, why));
    });
  });
}
