import { serve } from '@hono/node-server';
import { outlastClients } from '@/contracts/keep-alive';
import { parseFaultsEnv, type FaultRuleInput } from './faults/fault-rules';
import { isScenario } from './github/state';
import { STORAGE_PREFIX } from './github/migrations/storage';
import { GITHUB_PREFIX, REGISTRAR_PREFIX, createSimulator } from './simulator';
import { SIM_TOKENS } from './github/seed';
import { OAUTH_AUTHORIZE_PATH, SIM_OAUTH_APP } from './github/oauth/oauth-apps';
import { TARGET_TOKENS } from './target/seed';
import { SIM_REGISTRAR_KEYS } from './registrar/keys';
import { createStandaloneApps, originOnPort } from './standalone';

/**
 * The simulator on its own address, as if it were a remote upstream. Point Ferry at it with
 * GITHUB_API_URL=http://127.0.0.1:4010/api/v3 and PORKBUN_API_URL=http://127.0.0.1:4010/api/json/v3.
 */
const host = process.env.SIM_HOST ?? '127.0.0.1';
const port = Number(process.env.SIM_PORT ?? 4010);
/** Archive storage: another origin than the API, as on github.com. */
const storagePort = Number(process.env.SIM_STORAGE_PORT ?? port + 1);
/** The target GitHub.com (GEI imports): its own origin, as github.com is another host than the source. */
const targetPort = Number(process.env.SIM_TARGET_PORT ?? port + 2);
const scenario = process.env.SIM_SCENARIO;
let faults: FaultRuleInput[];
try {
  faults = parseFaultsEnv(process.env.SIM_FAULTS);
} catch (error) {
  console.error(`Ferry simulator cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const sim = createSimulator({
  speed: Number(process.env.SIM_SPEED ?? 1),
  scenario: isScenario(scenario) ? scenario : 'demo',
  faults,
  archiveBytesPerKb: Number(process.env.SIM_ARCHIVE_BYTES_PER_KB ?? 1),
  storageOrigin: (apiOrigin) => originOnPort(apiOrigin, storagePort),
});

const { api, storage, target } = createStandaloneApps(sim);
outlastClients(serve({ fetch: storage.fetch, hostname: host, port: storagePort }));
outlastClients(serve({ fetch: target.fetch, hostname: host, port: targetPort }));
const apiServer = serve({ fetch: api.fetch, hostname: host, port }, (info) => {
  const base = `http://${host}:${info.port}`;
  console.log(`Ferry simulator listening on ${base} (scenario ${sim.scenario}, speed ${sim.clock.speed}×)`);
  console.log(`  GitHub:    ${base}${GITHUB_PREFIX}   token octocat=${SIM_TOKENS.octocat}`);
  console.log(
    `  Sign-in:   ${base}${OAUTH_AUTHORIZE_PATH}   client ${SIM_OAUTH_APP.clientId} / ${SIM_OAUTH_APP.clientSecret}`,
  );
  console.log(
    `  Registrar: ${base}${REGISTRAR_PREFIX}   keys ${SIM_REGISTRAR_KEYS.apiKey} / ${SIM_REGISTRAR_KEYS.secretApiKey}`,
  );
  console.log(`  Storage:   http://${host}:${storagePort}${STORAGE_PREFIX} (archive downloads)`);
  console.log(
    `  Target:    http://${host}:${targetPort} (GitHub.com for GEI: /graphql, /uploads)   token octocat=${TARGET_TOKENS.octocat}`,
  );
  console.log(
    `  Control:   ${base}/__sim/reset, /__sim/advance, /__sim/state, /__sim/faults (loopback only)`,
  );
  if (faults.length > 0) console.log(`  Faults:    ${faults.length} from SIM_FAULTS`);
});
outlastClients(apiServer);
