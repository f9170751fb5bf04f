import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BackupSummary } from '@/server/store/store-backup';
import { describeStore, loadStoreConfig, type StoreConfig } from '@/server/store/store-config';

/**
 * The shared part of `npm run store:backup -- FILE` and `store:restore -- FILE`: the same `.env`,
 * `DATA_DIR` and `DATABASE_URL` as `npm start`, a FILE relative to where the command was typed (npm runs
 * scripts from the project's folder), and an exit code a shell can test.
 */
export async function runStoreCommand(
  command: 'backup' | 'restore',
  work: (config: StoreConfig, file: string) => Promise<BackupSummary>,
): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const verb = command === 'backup' ? 'back up' : 'restore';
  const given = process.argv[2];
  if (!given || given.startsWith('-')) {
    console.error(`Usage: npm run store:${command} -- FILE`);
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  let config: StoreConfig;
  try {
    config = loadStoreConfig(process.env);
  } catch (error) {
    console.error(
      `Ferry cannot ${verb} its store: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  try {
    const summary = await work(config, file);
    const rows = Object.entries(summary.rows)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    const size = `${(summary.bytes / 1024).toFixed(0)} KB`;
    console.log(
      command === 'backup'
        ? `Backed up ${describeStore(config)} to ${file} (${size}): ${rows}`
        : `Restored ${describeStore(config)} from ${file} (${size}): ${rows}`,
    );
    if (summary.previous) console.log(`The store it replaced was kept in ${summary.previous}`);
  } catch (error) {
    console.error(
      `Ferry cannot ${verb} its store (${describeStore(config)}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
