import path from 'node:path';
import { DataDirError } from './data-dir';
import { StoreUnreachableError } from './open-store';
import { UnfinishedRestoreError } from './restore-swap';
import { describeStore, type StoreConfig } from './store-config';
import { StoreLockedError } from './store-lock';

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof StoreUnreachableError) return error.message;
  // drizzle wraps the database's own words in "Failed query: <sql>\nparams: …": the cause says what went wrong.
  const first = error.message.split('\n')[0]!.replace(/^Failed query: /, '');
  const cause = error.cause instanceof Error ? error.cause.message.split('\n')[0] : undefined;
  if (!cause || first.includes(cause)) return first;
  return first === error.message.split('\n')[0] ? `${first} (${cause})` : `${cause} (while running ${first})`;
}

/**
 * What start-up prints when the store does not open: what happened, and what the person can do about it.
 * Never the value of DATABASE_URL (it carries a password).
 */
export function explainOpenFailure(
  error: unknown,
  config: Pick<StoreConfig, 'dataDir' | 'databaseUrl'>,
): string {
  const where = describeStore(config);
  const lead = `Ferry cannot open its store (${where}): `;
  if (
    error instanceof StoreLockedError ||
    error instanceof DataDirError ||
    error instanceof UnfinishedRestoreError
  ) {
    return `${lead}${error.message}`;
  }
  if (config.databaseUrl) {
    return `${lead}${messageOf(error)}. Check that the server is running and reachable from here and that DATABASE_URL names it (user, password, database); STORE_OPEN_TIMEOUT_MS bounds how long start-up waits for it.`;
  }
  if (error instanceof StoreUnreachableError) return `${lead}${error.message}.`;
  const folder = path.join(config.dataDir, 'pglite');
  return [
    `${lead}${messageOf(error)}.`,
    `The embedded store in ${folder} may be damaged (two processes had it open at once, the disk filled up, or the folder was copied while Ferry ran).`,
    `To recover: restore a backup with \`npm run store:restore -- FILE\` (made by \`npm run store:backup -- FILE\`),`,
    `or move ${folder} aside to start with an empty memory (the simulator's world and the archives in ${config.dataDir} are kept).`,
  ].join(' ');
}
