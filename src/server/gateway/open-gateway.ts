import path from 'node:path';
import { loadConfig, type GatewayConfig } from '../config';
import { createFerryStore, type FerryStore } from '../store/ferry-store';
import { prepareDataDir } from '../store/data-dir';
import { explainOpenFailure } from '../store/open-failure';
import { openStore } from '../store/open-store';
import { loadStoreConfig, type StoreConfig } from '../store/store-config';
import { movePacesFromEnv, type MovePacesFromEnv } from '../moves/run/move-paces-env';
import { composeGateway, type Gateway, type StopOptions } from './index';

type Env = Record<string, string | undefined>;

/** Start-up stopped before the gateway existed; `message` says why and what to do. */
export class GatewayStartError extends Error {}

export interface OpenedGateway {
  gateway: Gateway;
  config: GatewayConfig;
  storeConfig: StoreConfig;
  /** Stop the gateway (its job engine, then its areas); the store stays open. Later calls wait for the first. */
  stop(options?: StopOptions): Promise<void>;
  /** Stop the gateway (unless `stop` did), then close the store. */
  close(): Promise<void>;
}

/**
 * A serving gateway from the environment, as `npm start` and `npm run dev` both open it: the configuration,
 * the store under `DATA_DIR` (or `DATABASE_URL`), the archives under `ARCHIVE_DIR`, the simulator's world kept
 * on disk. `host.port` is the port the host listens on (the dev server's is Vite's).
 */
export async function openGateway(
  env: Env,
  host: { port?: number; staticRoot?: string } = {},
): Promise<OpenedGateway> {
  let config: GatewayConfig;
  let storeConfig: StoreConfig;
  let moves: MovePacesFromEnv;
  try {
    config = loadConfig(env);
    moves = movePacesFromEnv(env);
    if (host.port !== undefined) config = { ...config, port: host.port };
    storeConfig = loadStoreConfig(env);
  } catch (error) {
    throw new GatewayStartError(
      `Ferry cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let store: FerryStore;
  try {
    // With a server, DATA_DIR still holds the simulator's world and the archives: an unusable one stops here too.
    if (storeConfig.databaseUrl) await prepareDataDir(storeConfig.dataDir, storeConfig.openTimeoutMs);
    store = createFerryStore(
      await openStore({ ...storeConfig, lock: { role: 'gateway', port: config.port } }),
    );
  } catch (error) {
    throw new GatewayStartError(explainOpenFailure(error, storeConfig));
  }
  const gateway = composeGateway(config, {
    store,
    archiveDir: storeConfig.archiveDir,
    keepSimulatorWorldIn: storeConfig.dataDir,
    processMetrics: true,
    moves,
    staticRoot: host.staticRoot && path.resolve(host.staticRoot),
  });
  let stopping: Promise<void> | undefined;
  const stop = (options?: StopOptions) => (stopping ??= gateway.stop(options));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await stop();
      await store.close();
    })());
  return { gateway, config, storeConfig, stop, close };
}
