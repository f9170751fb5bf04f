import { restoreStore } from '@/server/store/store-backup';
import { maxInflatedBytesFrom } from '@/server/store/verified-dump';
import { runStoreCommand } from './store-cli';

/** `npm run store:restore -- FILE`: the store's content replaced by a backup. Refused while a gateway runs on DATA_DIR. */
await runStoreCommand('restore', (config, file) =>
  restoreStore(config, file, { maxInflatedBytes: maxInflatedBytesFrom(process.env) }),
);
