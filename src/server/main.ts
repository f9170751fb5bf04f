import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { outlastClients } from '@/contracts/keep-alive';
import { answerClientError, serverAnsweringUnparsed } from './client-error';
import { loadConfig } from './config';
import { startMemoryTasks } from './memory-tasks';
import { startAlertChecks } from './alerts/alert-checks';
import { answersWithin } from './store/store-health';
import { createRuntime } from './runtime';
import { createFerryStore } from './store/ferry-store';
import { prepareDataDir } from './store/data-dir';
import { explainOpenFailure } from './store/open-failure';
import { openStore } from './store/open-store';
import { describeStore, loadStoreConfig, type StoreConfig } from './store/store-config';

if (existsSync('.env')) process.loadEnvFile('.env');

let config;
let storeConfig: StoreConfig;
try {
  config = loadConfig(process.env);
  storeConfig = loadStoreConfig(process.env);
} catch (error) {
  console.error(`Ferry cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let store;
try {
  // With a server, DATA_DIR still holds the simulator's world and the archives: an unusable one stops here too.
  if (storeConfig.databaseUrl) await prepareDataDir(storeConfig.dataDir, storeConfig.openTimeoutMs);
  store = createFerryStore(await openStore({ ...storeConfig, lock: { role: 'gateway', port: config.port } }));
} catch (error) {
  console.error(explainOpenFailure(error, storeConfig));
  process.exit(1);
}

const simUser = process.env.SIM_GITHUB_USER === 'hubot' ? 'hubot' : 'octocat';
const runtime = createRuntime(config, {
  staticRoot: path.resolve(process.env.FERRY_DIST ?? 'dist'),
  simUser,
  store,
  archiveDir: storeConfig.archiveDir,
  keepSimulatorWorldIn: storeConfig.dataDir,
  processMetrics: true,
});
// A job engine that cannot start yet (the store busy, another gateway's set-up) starts at its next use.
void runtime.waves
  ?.start()
  .catch((error: unknown) =>
    console.error(`[waves] not started yet: ${error instanceof Error ? error.message : String(error)}`),
  );
void runtime.alerts
  ?.start()
  .catch((error: unknown) =>
    console.error(`[alerts] not started: ${error instanceof Error ? error.message : String(error)}`),
  );
const memoryTasks = startMemoryTasks(runtime.memory, store, runtime.jobs);
const alertChecks =
  runtime.alerts && runtime.jobs
    ? startAlertChecks({
        alerts: runtime.alerts,
        store,
        credentials: runtime.memory.credentials,
        jobs: runtime.jobs,
        now: runtime.memory.recorder.upstreamNow,
        storeUp: () => answersWithin(() => Promise.resolve(store), 2_000),
      })
    : undefined;
const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;

const serveOptions = {
  fetch: runtime.app.fetch,
  hostname: config.host,
  port: config.port,
  // What the adapter cannot turn into a Request (a backslash in the path) gets our headers too.
  createServer: serverAnsweringUnparsed(runtime.app.fetch, config.host),
};
const server = serve(serveOptions, (info) => {
  // The address it bound, as bound (127.0.0.1 is not "localhost" on a machine where that resolves to ::1).
  runtime.listeningOn(info.port);
  const url = `http://${shownHost}:${info.port}`;
  const describe = (mode: string, base: string) =>
    mode === 'simulator' ? 'embedded simulator' : `live, ${base}`;
  console.log(`Ferry is running at ${url}`);
  console.log(`  GitHub:    ${describe(config.github.mode, config.github.baseUrl)}`);
  console.log(`  Registrar: ${describe(config.registrar.mode, config.registrar.baseUrl)}`);
  console.log(`  Store:     ${describeStore(storeConfig)}`);
  if (runtime.simulator) {
    console.log(
      `  Simulator: scenario ${runtime.simulator.scenario}, ${runtime.simulator.clock.speed}× time; control at ${url}/__sim/*`,
    );
  }
});

server.on('clientError', answerClientError);
outlastClients(server);

const stop = () =>
  server.close(() => {
    void (runtime.waves?.stop() ?? Promise.resolve())
      .then(() => runtime.simulatorWorld?.flush())
      .then(() => alertChecks?.stop())
      .then(() => memoryTasks.stop())
      .then(() => runtime.stopJobs())
      .then(() => store.close())
      .finally(() => process.exit(0));
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
