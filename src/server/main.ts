import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { outlastClients } from '@/contracts/keep-alive';
import { answerClientError, serverAnsweringUnparsed } from './client-error';
import { GatewayStartError, openGateway, type OpenedGateway } from './gateway/open-gateway';
import { stopOnSignals } from './stop-on-signals';
import { describeStore } from './store/store-config';

if (existsSync('.env')) process.loadEnvFile('.env');

let opened: OpenedGateway;
try {
  opened = await openGateway(process.env, { staticRoot: process.env.FERRY_DIST ?? 'dist' });
} catch (error) {
  console.error(error instanceof GatewayStartError ? error.message : String(error));
  process.exit(1);
}
const { gateway, config, storeConfig } = opened;
// Each area's background work; one that cannot start yet (the store busy, another gateway's set-up) starts at
// its next use.
void gateway.start();

const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
const serveOptions = {
  fetch: gateway.app.fetch,
  hostname: config.host,
  port: config.port,
  // What the adapter cannot turn into a Request (a backslash in the path) gets our headers too.
  createServer: serverAnsweringUnparsed(gateway.app.fetch, config.host),
};
// Node's HTTP server: `createServer` above makes it.
const server = serve(serveOptions, (info) => {
  // The address it bound, as bound (127.0.0.1 is not "localhost" on a machine where that resolves to ::1).
  gateway.listeningOn(info.port);
  const url = `http://${shownHost}:${info.port}`;
  const describe = (mode: string, base: string) =>
    mode === 'simulator' ? 'embedded simulator' : `live, ${base}`;
  console.log(`Ferry is running at ${url}`);
  console.log(`  GitHub:    ${describe(config.github.mode, config.github.baseUrl)}`);
  console.log(
    `  Move into: ${describe(config.target.mode, config.target.baseUrl)}${config.target.mode === 'simulator' ? '' : ` (uploads ${config.target.uploadsUrl})`}`,
  );
  console.log(`  Registrar: ${describe(config.registrar.mode, config.registrar.baseUrl)}`);
  console.log(`  Store:     ${describeStore(storeConfig)}`);
  if (gateway.simulator) {
    console.log(
      `  Simulator: scenario ${gateway.simulator.scenario}, ${gateway.simulator.clock.speed}× time; control at ${url}/__sim/*`,
    );
  }
}) as Server;

server.on('clientError', answerClientError);
outlastClients(server);

// A deploy or `docker stop` must not need a kill: the bound is in docs/team.md.
stopOnSignals(server, {
  stopGateway: (graceMs) => opened.stop({ jobGraceMs: graceMs }),
  closeStore: () => opened.close(),
});
