/**
 * What one gh-gei process is given (command name, recorder, waits, clock, environment variables, working
 * directory), and the small helpers the command handlers share.
 */
import type { GeiRuntime } from './runtime';
import type { Sleep } from './retry-policy';
import type { Recorder } from './wire';

/** What every gh-gei process of a test shares: where requests are recorded, how waits pass, env, clock, cwd. */
export interface GeiEnvironment {
  record: Recorder;
  sleep: Sleep;
  now: () => number;
  env: Record<string, string | undefined>;
  /** The working directory for files (logs, CSVs). */
  cwd: string;
  log?: GeiRuntime['log'];
}

export function runtimeFor(environment: GeiEnvironment, command: string): GeiRuntime {
  return {
    command,
    record: environment.record,
    sleep: environment.sleep,
    now: environment.now,
    env: environment.env,
    log: environment.log ?? (() => undefined),
  };
}

/** `string.HasValue()`: not null, empty or white space. */
export const has = (value: string | null | undefined): value is string =>
  value != null && value.trim() !== '';
/** RepositoryMigrationStatus: IsSucceeded, IsPending (IsFailed is neither). */
const upper = (state: string | null) => state?.trim().toUpperCase();
export const isRepoSucceeded = (state: string | null) => upper(state) === 'SUCCEEDED';
export const isRepoPending = (state: string | null) =>
  ['QUEUED', 'IN_PROGRESS', 'PENDING_VALIDATION'].includes(upper(state) ?? '');

/** `DateTime.Now:yyyy-MM-dd_HH-mm-ss` (local time). */
export function timestamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}_${p(d.getHours())}-${p(d.getMinutes())}-${p(d.getSeconds())}`;
}
