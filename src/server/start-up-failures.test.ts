import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/free-port';
import { gatewayNodeArgs } from '@/testing/gateway-process';

/**
 * Start-up with a database that never answers, one that refuses, or a DATA_DIR that cannot be used stops
 * within its deadline with a clear message and a non-zero exit, instead of hanging without a word (issue 21).
 */
const work = mkdtempSync(path.join(tmpdir(), 'ferry-start-up-'));
let silent: Server;
const sockets: Socket[] = [];
let silentPort: number;
/** When the gateway first reached the silent server: its wait is timed from there, not from the spawn (starting
 * Node and tsx is slow on a busy machine and is not what the deadline bounds). */
let firstConnectAt: number | undefined;
beforeAll(async () => {
  // Accepts every connection and never says a word: PostgreSQL's port behind a stuck proxy.
  silent = createServer((socket) => {
    firstConnectAt ??= Date.now();
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  silent.close();
  rmSync(work, { recursive: true, force: true });
});

/** Start the gateway and wait for it to stop by itself (at most `limitMs`). */
async function startExpectingExit(env: Record<string, string>, limitMs = 40_000) {
  const port = await freePort();
  const started = Date.now();
  firstConnectAt = undefined;
  const child = spawn(process.execPath, gatewayNodeArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, limitMs);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  const ended = Date.now();
  return { code, output, ms: ended - started, waitedMs: ended - (firstConnectAt ?? started) };
}

describe('start-up that cannot reach its store', () => {
  it('a DATABASE_URL port that accepts and never answers: exits within the default deadline, under 15 s', async () => {
    const { code, output, waitedMs } = await startExpectingExit({
      DATABASE_URL: `postgres://ferry:s3cret-password@127.0.0.1:${silentPort}/ferry`,
      DATA_DIR: path.join(work, 'silent'),
    });
    expect(code).toBe(1);
    expect(firstConnectAt).toBeDefined();
    expect(waitedMs).toBeLessThan(15_000);
    expect(output).toContain(
      `Ferry cannot open its store (PostgreSQL at 127.0.0.1:${silentPort}/ferry): the server did not answer within 10 s`,
    );
    expect(output).toContain('STORE_OPEN_TIMEOUT_MS');
    expect(output).not.toContain('s3cret-password');
  }, 60_000);

  it('STORE_OPEN_TIMEOUT_MS shortens the wait', async () => {
    const { code, output, waitedMs } = await startExpectingExit({
      DATABASE_URL: `postgres://ferry@127.0.0.1:${silentPort}/ferry`,
      DATA_DIR: path.join(work, 'silent-short'),
      STORE_OPEN_TIMEOUT_MS: '1500',
    });
    expect(code).toBe(1);
    expect(output).toContain('did not answer within 1.5 s');
    expect(waitedMs).toBeLessThan(10_000);
  }, 60_000);

  it('a DATABASE_URL port where nothing listens: exits at once, saying the connection was refused', async () => {
    const port = await freePort();
    const { code, output } = await startExpectingExit({
      DATABASE_URL: `postgres://ferry@127.0.0.1:${port}/ferry`,
      DATA_DIR: path.join(work, 'refused'),
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `Ferry cannot open its store (PostgreSQL at 127.0.0.1:${port}/ferry): the server refused the connection`,
    );
  }, 60_000);

  it('a DATA_DIR under /proc: exits at once, naming the folder and what failed', async () => {
    const { code, output, ms } = await startExpectingExit({ DATA_DIR: '/proc/ferry-no-such/data' });
    expect(code).toBe(1);
    // No wait at all, only Node's start (slow on a busy machine): well under the 40 s this helper allows.
    expect(ms).toBeLessThan(25_000);
    expect(output).toContain(
      'DATA_DIR /proc/ferry-no-such/data cannot be used: /proc/ferry-no-such cannot be created',
    );
  }, 60_000);

  it('a DATA_DIR under /proc with a PostgreSQL server (the folder still holds archives): exits too', async () => {
    const { code, output } = await startExpectingExit({
      DATA_DIR: '/proc/ferry-no-such/data',
      DATABASE_URL: `postgres://ferry@127.0.0.1:${silentPort}/ferry`,
    });
    expect(code).toBe(1);
    expect(output).toContain('DATA_DIR /proc/ferry-no-such/data cannot be used');
  }, 60_000);

  it('a DATA_DIR that is a file: exits, saying so', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const { code, output } = await startExpectingExit({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(output).toContain(`DATA_DIR ${file} cannot be used: ${file} is not a folder`);
  }, 60_000);

  it('a damaged embedded store: says what happened and how to recover', async () => {
    const dataDir = path.join(work, 'damaged');
    const pglite = path.join(dataDir, 'pglite');
    mkdirSync(pglite, { recursive: true });
    // A data folder whose version file is garbage: PostgreSQL refuses it.
    writeFileSync(path.join(pglite, 'PG_VERSION'), 'garbage\n');
    const { code, output } = await startExpectingExit({ DATA_DIR: dataDir }, 60_000);
    expect(code).toBe(1);
    expect(output).toContain(`Ferry cannot open its store (embedded, ${dataDir}/pglite)`);
    expect(output).toContain('PGlite failed to initialize properly');
    expect(output).toContain('npm run store:restore -- FILE');
    expect(output).toContain(`move ${pglite} aside`);
  }, 90_000);
});
