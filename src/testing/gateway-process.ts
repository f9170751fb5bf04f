import type { ChildProcess } from 'node:child_process';
import { DEFAULT_CREATE_TIMEOUT_MS, DEFAULT_OPEN_TIMEOUT_MS } from '../server/store/store-config';

/**
 * The arguments for `node` that start a gateway process, from the repository's folder. `npm test` builds the
 * server once and says where (`FERRY_BUILT_GATEWAY`, scripts/test-all.sh): the suites then start the bundle that
 * `npm start` runs (2.3 CPU-s to its first answer against 3.9 through tsx, measured on the 2-core machine; a run
 * starts about 30). A suite run on its own starts the source through tsx, so what runs is always the edit.
 */
export function gatewayNodeArgs(): string[] {
  const built = process.env.FERRY_BUILT_GATEWAY;
  return built ? [built] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * How long a test waits for a spawned gateway to print that it runs: a bound that catches a hang, never a
 * measure of speed. On the 2-core machine a start that makes its store (PGlite's initdb) took 5.5 s quiet and
 * 14–21 s beside two busy loops (at nice 5, as `npm test` runs its first Vitest pass); a start on an existing
 * store 1–5 s and 2.5–7 s. Longer than the product's own bounds on making and opening its store, so a start that
 * fails ends with the gateway's own reason rather than the test's.
 */
export const GATEWAY_START_MS = DEFAULT_CREATE_TIMEOUT_MS + DEFAULT_OPEN_TIMEOUT_MS + 60_000;

/**
 * Resolve once `output()` (what `child` printed so far) contains `text`. Rejects as soon as the process exits
 * without printing it, or after `timeoutMs`, with everything it printed: the failure says why.
 */
export async function untilPrinted(
  child: ChildProcess,
  output: () => string,
  text: string,
  timeoutMs = GATEWAY_START_MS,
): Promise<void> {
  const started = Date.now();
  while (!output().includes(text)) {
    const ended = child.exitCode ?? child.signalCode;
    if (ended !== null) {
      throw new Error(`the process ended (${ended}) without printing "${text}"; it printed:\n${output()}`);
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `the process did not print "${text}" within ${timeoutMs / 1_000} s (a hang); it printed:\n${output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The exit code of `child` once it ends by itself. Past `timeoutMs` it is killed and this rejects with what it
 * printed: a bound that catches a hang.
 */
export function exitCodeOf(
  child: ChildProcess,
  output: () => string,
  timeoutMs = GATEWAY_START_MS,
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the process did not end within ${timeoutMs / 1_000} s (a hang); it printed:\n${output()}`),
      );
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * Stop a gateway process as a deploy does (SIGTERM: it exits within 9 s), killed if it has not after `graceMs`.
 * A hook that calls this needs a timeout above `graceMs`.
 */
export async function stopProcess(child: ChildProcess | undefined, graceMs = 20_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
