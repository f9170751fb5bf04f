import { backupStore } from '@/server/store/store-backup';
import { describeStore } from '@/server/store/store-config';
import { fileFromCommandLine, kilobytes, rowsLine, runStoreCommand } from './store-cli';

/** `npm run store:backup -- FILE`: the store (embedded or `DATABASE_URL`) into FILE. Refused while a gateway runs on DATA_DIR. */
await runStoreCommand({
  name: 'backup',
  usage: 'FILE',
  verb: 'back up its store',
  flags: [],
  work: (config, given) => backupStore(config, fileFromCommandLine(given)),
  report: (config, _given, summary) => [
    `Backed up ${describeStore(config)} to ${summary.file} (${kilobytes(summary.bytes)}): ${rowsLine(summary.rows)}`,
  ],
});
