import { restoreStore } from '@/server/store/store-backup';
import { describeStore } from '@/server/store/store-config';
import { maxInflatedBytesFrom } from '@/server/store/verified-dump';
import { fileFromCommandLine, kilobytes, rowsLine, runStoreCommand } from './store-cli';

/**
 * `npm run store:restore -- FILE [--replace]`: the store's content replaced by a backup; an embedded backup
 * with DATABASE_URL set goes into the server (`--replace` if it holds rows). Refused while a gateway runs on
 * DATA_DIR.
 */
await runStoreCommand({
  name: 'restore',
  usage: 'FILE [--replace]',
  verb: 'restore its store',
  flags: ['--replace'],
  work: (config, given, flags) =>
    restoreStore(config, fileFromCommandLine(given), {
      maxInflatedBytes: maxInflatedBytesFrom(process.env),
      replace: flags.has('--replace'),
    }),
  report: (config, _given, summary) => [
    `Restored ${describeStore(config)} from ${summary.file} (${kilobytes(summary.bytes)}): ${rowsLine(summary.rows)}`,
    ...(summary.previous ? [`The store it replaced was kept in ${summary.previous}`] : []),
    ...(summary.replaced ? ['The rows the server held before were replaced.'] : []),
  ],
});
