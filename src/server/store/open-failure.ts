import path from 'node:path';
import { DataDirError } from './data-dir';
import { StoreUnreachableError } from './open-store';
import { UnfinishedRestoreError } from './restore-swap';
import { describeStore, type StoreConfig } from './store-config';
import { StoreCreationError } from './store-creation-error';
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
  if (error instanceof StoreCreationError) return explainCreationFailure(error, where);
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

/**
 * A new store that could not be made: its folder held none, so nothing is damaged and there is nothing to
 * restore. Not made in time is said as such: a busy machine, and how to allow it longer.
 */
function explainCreationFailure(error: StoreCreationError, where: string): string {
  const lead = `Ferry cannot create its store (${where}): `;
  const nothingLost = `Nothing was lost: ${error.folder} held no store before, and none is left half-made there.`;
  if (error.timedOutAfterMs !== undefined) {
    const seconds = error.timedOutAfterMs / 1000;
    return [
      `${lead}the new store was not created within ${seconds} s: the machine is busy (it takes a few seconds on a quiet one).`,
      nothingLost,
      `Start Ferry again when the machine is less busy, or allow it longer with STORE_CREATE_TIMEOUT_MS (now ${error.timedOutAfterMs}).`,
    ].join(' ');
  }
  return [
    `${lead}${error.why}.`,
    nothingLost,
    `Check that the disk has room and that Ferry may write in ${error.folder}, then start it again.`,
  ].join(' ');
}
