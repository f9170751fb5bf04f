import { existsSync } from 'node:fs';
import path from 'node:path';
import { createFerryStore } from '@/server/store/ferry-store';
import { explainOpenFailure } from '@/server/store/open-failure';
import { openStore } from '@/server/store/open-store';
import { describeStore, loadStoreConfig, type StoreConfig } from '@/server/store/store-config';

/**
 * `npm run audit:verify`: the audit log's hash chain checked from its start (issue 51), in the store the gateway
 * uses (the same `.env`, `DATA_DIR` or `DATABASE_URL`). Exit 0: `Audit log verified: N entries, chain intact.`;
 * exit 1: `Audit log BROKEN at entry #seq: reason`; exit 2: the store could not be read. An embedded store is
 * locked by its running gateway: stop it first, or ask the running gateway (`GET /api/audit/verify`).
 */
if (existsSync('.env')) process.loadEnvFile('.env');

let config: StoreConfig;
try {
  config = loadStoreConfig(process.env);
} catch (error) {
  console.error(
    `Ferry cannot verify its audit log: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(2);
}
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
  console.error(
    `Ferry cannot verify its audit log: there is no embedded store in ${path.resolve(config.dataDir, 'pglite')} (is DATA_DIR right?)`,
  );
  process.exit(2);
}

let store: ReturnType<typeof createFerryStore>;
try {
  store = createFerryStore(await openStore({ ...config, lock: { role: 'audit:verify' } }));
} catch (error) {
  console.error(explainOpenFailure(error, config));
  process.exit(2);
}
try {
  const result = await store.auditLog.verify();
  if (result.ok) {
    console.log(`Audit log verified: ${result.entries} entries, chain intact.`);
    if (result.head) console.log(`  Newest entry #${result.head.seq}, hash ${result.head.hash}`);
  } else {
    console.error(`Audit log BROKEN at entry #${result.seq}: ${result.reason}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(
    `Ferry cannot verify its audit log (${describeStore(config)}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 2;
} finally {
  await store.close();
}
