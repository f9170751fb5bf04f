import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@/contracts/session';
import { SIM_OAUTH_APP } from '@/simulator/github/oauth/oauth-apps';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { inProcessGateway, startSimulatorServer } from '@/testing/node-servers';
import { cookieHeader, signedInBrowser, type Jar } from '@/testing/signed-in-browser';
import type { FerryStore } from './ferry-store';
import { openTestStore } from './test-store';

/**
 * A team's gateways behind one address, on one store (issue 51): a sign-in begun on one gateway ends on another,
 * the session it makes reads on every gateway, and a sign-out on one ends it on all. On the PostgreSQL pass each
 * gateway has its own connection to the one database (two stores opened); embedded, they share the store.
 */
const stores: FerryStore[] = [];
let upstream: Awaited<ReturnType<typeof startSimulatorServer>>;
type Gateway = ReturnType<typeof inProcessGateway>;
let gateways: [Gateway, Gateway];

beforeAll(async () => {
  const first = await openTestStore();
  stores.push(first.store);
  if (process.env.DATABASE_URL) stores.push((await openTestStore()).store);
  upstream = await startSimulatorServer();
  const gatewayOn = (store: FerryStore) =>
    inProcessGateway(
      {
        GITHUB_TOKEN: SIM_TOKENS.octocat,
        GITHUB_API_URL: `${upstream.origin}/api/v3`,
        FERRY_AUTH: 'github',
        GITHUB_OAUTH_CLIENT_ID: SIM_OAUTH_APP.clientId,
        GITHUB_OAUTH_CLIENT_SECRET: SIM_OAUTH_APP.clientSecret,
        FERRY_AUTH_ORG: 'octo-org',
      },
      { store },
    );
  gateways = [gatewayOn(stores[0]!), gatewayOn(stores.at(-1)!)];
}, 60_000);
afterAll(async () => {
  for (const gateway of gateways ?? []) await gateway.runtime.stop();
  await upstream?.close();
  for (const store of stores) await store.close();
});

const browserOn = (gateway: Gateway) =>
  signedInBrowser(gateway.origin, (url, init) => gateway.runtime.app.request(url, init));

describe('sessions shared by a team’s gateways', () => {
  it('begins on one gateway, ends on the other, reads on both, and a sign-out on one ends it on both', async () => {
    const [a, b] = gateways.map(browserOn) as [ReturnType<typeof browserOn>, ReturnType<typeof browserOn>];
    const jar: Jar = new Map();
    const begin = await a.send(jar, '/auth/login?return=%2Fmoves');
    expect(begin.status).toBe(302);
    // GitHub's own authorize page (the simulator's, on its own origin), octocat approving.
    const authorize = new URL(begin.headers.get('location')!);
    expect(authorize.origin).toBe(upstream.origin);
    authorize.searchParams.set('login', 'octocat');
    const approved = await fetch(authorize, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location')!);
    const done = await b.send(jar, `${callback.pathname}${callback.search}`);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/moves');

    for (const gateway of [a, b])
      expect(await (await gateway.send(jar, '/api/session')).json()).toMatchObject({
        login: 'octocat',
        role: 'admin',
      } satisfies Partial<SessionInfo>);
    const stolen = new Map(jar);
    expect((await a.send(jar, '/auth/logout', { method: 'POST' })).status).toBe(204);
    for (const gateway of [a, b]) expect((await gateway.send(stolen, '/api/moves')).status).toBe(401);
  });
});
