import type { Server } from 'node:http';
import { settledWithin } from './settled-within';
import { drainable } from './http-drain';

/** How long jobs in hand (and answers under way) may run on after SIGTERM before they are handed back. */
export const STOP_GRACE_MS = 5_000;
/**
 * The longest a stop may take: past it the process exits anyway (docs/team.md). Under `docker stop`'s default
 * 10 s before its kill, so neither a deploy nor `docker stop` needs one.
 */
export const STOP_BOUND_MS = 9_000;

export interface StopSteps {
  /** Stop the gateway: no more jobs; those in hand get `graceMs`, then go back to the team. */
  stopGateway(graceMs: number): Promise<void>;
  /** Close the store (after the gateway stopped). */
  closeStore(): Promise<void>;
}

export interface StopOptions {
  graceMs?: number;
  boundMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** Where SIGTERM and SIGINT come from (the process). */
  signals?: Pick<NodeJS.EventEmitter, 'on'>;
}

/**
 * SIGTERM or SIGINT (a deploy, `docker stop`, Ctrl-C) stops the gateway within `boundMs`, exit code 0: no new
 * connection or job; answers under way and jobs in hand get `graceMs`; then what is left of both ends (jobs are
 * handed back to the team: they resume elsewhere), the store closes and the process exits. A second signal, a
 * step that fails or the bound passed: exit code 1 at once.
 */
export function stopOnSignals(server: Server, steps: StopSteps, options: StopOptions = {}): void {
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  const boundMs = options.boundMs ?? STOP_BOUND_MS;
  const log = options.log ?? ((line: string) => console.log(`[gateway] ${line}`));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const http = drainable(server);
  let stopping = false;

  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting at once`);
      return exit(1);
    }
    stopping = true;
    log(
      `${signal}: stopping (answers under way and jobs in hand get ${graceMs / 1000} s, then jobs go back to the team; exit within ${boundMs / 1000} s)`,
    );
    const bound = setTimeout(() => {
      log(`not stopped within ${boundMs / 1000} s: exiting`);
      exit(1);
    }, boundMs);
    const failed = (step: string) => (error: unknown) => {
      log(`${step} failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    };
    void (async () => {
      const [stopped] = await Promise.all([
        steps.stopGateway(graceMs).then(() => true, failed('stopping the gateway')),
        settledWithin([http.drain()], graceMs),
      ]);
      http.cut();
      const closed = await steps.closeStore().then(() => true, failed('closing the store'));
      clearTimeout(bound);
      log('stopped');
      exit(stopped && closed ? 0 : 1);
    })();
  };
  const signals = options.signals ?? process;
  signals.on('SIGTERM', () => stop('SIGTERM'));
  signals.on('SIGINT', () => stop('SIGINT'));
}
