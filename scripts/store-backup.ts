import { backupStore } from '@/server/store/store-backup';
import { runStoreCommand } from './store-cli';

/** `npm run store:backup -- FILE`: the store (embedded or `DATABASE_URL`) into FILE. Refused while a gateway runs on DATA_DIR. */
await runStoreCommand('backup', backupStore);
