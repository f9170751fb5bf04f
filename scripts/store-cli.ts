import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeStore, loadStoreConfig, type StoreConfig } from '@/server/store/store-config';

/**
 * The shared part of `npm run store:backup -- FILE`, `store:restore -- FILE` and `store:move -- to-server`:
 * the same `.env`, `DATA_DIR` and `DATABASE_URL` as `npm start`, a FILE relative to where the command was
 * typed (npm runs scripts from the project's folder), and an exit code a shell can test.
 */
export interface StoreCommand<T> {
  /** `store:<name>` in the usage line. */
  name: string;
  usage: string;
  /** What the person asked for, for the failure line: "restore its store". */
  verb: string;
  /** Flags the command takes besides its one argument. */
  flags: string[];
  work: (config: StoreConfig, argument: string, flags: Set<string>) => Promise<T>;
  /** What to print on success. */
  report: (config: StoreConfig, argument: string, result: T) => string[];
}

export async function runStoreCommand<T>(command: StoreCommand<T>): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((arg) => arg.startsWith('-')));
  const [given, ...extra] = args.filter((arg) => !arg.startsWith('-'));
  if (!given || extra.length > 0 || [...flags].some((flag) => !command.flags.includes(flag))) {
    console.error(`Usage: npm run store:${command.name} -- ${command.usage}`);
    process.exit(2);
  }
  let config: StoreConfig;
  try {
    config = loadStoreConfig(process.env);
  } catch (error) {
    console.error(`Ferry cannot ${command.verb}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  try {
    const result = await command.work(config, given, flags);
    for (const line of command.report(config, given, result)) console.log(line);
  } catch (error) {
    console.error(
      `Ferry cannot ${command.verb} (${describeStore(config)}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

/** FILE as the person meant it: relative to the folder the command was typed in. */
export function fileFromCommandLine(given: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), given);
}

export function rowsLine(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
