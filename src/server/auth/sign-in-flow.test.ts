import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage } from '@/contracts/audit';
import { NEEDS_ROLE, type SessionInfo } from '@/contracts/session';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { cookieHeader, signedInBrowser, type Jar } from '@/testing/signed-in-browser';

/**
 * Sign-in with GitHub over HTTP against the embedded simulator (issue 51): no session, no API; the OAuth web flow
 * with a one-time state bound to the browser and PKCE; roles from GitHub (octocat owns octo-org, hubot is a
 * member, monalisa administers docs only); what each may write; sign-out ends the session on the server.
 */
const ORIGIN = 'http://127.0.0.1:5199';
let gateway: Gateway;
let test: TestStore;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-sign-in-'));
  test = await openTestStore();
  gateway = composeGateway(
    loadConfig({
      SIM_SPEED: '0',
      SIM_SCENARIO: 'quiet',
      FERRY_AUTH: 'github',
      FERRY_PUBLIC_URL: ORIGIN,
      PORT: '5199',
    }),
    { store: test.store, archiveDir: dir, watch: false, controlAccess: 'any' },
  );
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const browser = () => signedInBrowser(ORIGIN, (url, init) => gateway.app.request(url, init));
const send = (...args: Parameters<ReturnType<typeof browser>['send']>) => browser().send(...args);
/** The whole flow as a browser follows it, its authorize step asked for with PKCE (S256). */
async function signIn(login: string, returnTo = '/moves') {
  const flow = await browser().signIn(login, returnTo);
  expect(flow.authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(flow.authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(flow.callback.startsWith(`${ORIGIN}/auth/callback?`)).toBe(true);
  return flow;
}

const json = async <T>(response: Response) => (await response.json()) as T;

describe('signing in with GitHub', () => {
  it('answers 401 without a session, except health and the session itself', async () => {
    const jar: Jar = new Map();
    const moves = await send(jar, '/api/moves');
    expect(moves.status).toBe(401);
    expect(await json<{ code: string }>(moves)).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    expect((await send(jar, '/api/session')).status).toBe(401);
    expect((await send(jar, '/api/health')).status).toBe(200);
  });

  it('signs octocat in as admin, back to where they were; the cookie is HttpOnly and SameSite', async () => {
    const { jar, done } = await signIn('octocat', '/moves?x=1');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/moves?x=1');
    const set = done.headers.getSetCookie().find((line) => line.startsWith('ferry_session='));
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    const session = await json<SessionInfo>(await send(jar, '/api/session'));
    expect(session).toMatchObject({
      login: 'octocat',
      role: 'admin',
      organizations: ['octo-org'],
      auth: 'github',
    });
    expect((await send(jar, '/api/moves')).status).toBe(200);
  });

  it('gives hubot (a member) the viewer role: reads, and every write is refused with the role it needs', async () => {
    const { jar } = await signIn('hubot');
    expect(await json<SessionInfo>(await send(jar, '/api/session'))).toMatchObject({
      login: 'hubot',
      role: 'viewer',
    });
    expect((await send(jar, '/api/moves')).status).toBe(200);
    const refused = await send(jar, '/api/moves/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: { kind: 'org', login: 'octo-org' }, target: { login: 'octo-target' } }),
    });
    expect(refused.status).toBe(403);
    expect(await json<{ message: string }>(refused)).toMatchObject({ message: NEEDS_ROLE.write });
  });

  it('lets monalisa (admin of docs only) plan a move of docs, refuses hello-world by name, and alerts altogether', async () => {
    const { jar } = await signIn('monalisa');
    const session = await json<SessionInfo>(await send(jar, '/api/session'));
    expect(session).toMatchObject({ login: 'monalisa', role: 'self-service', repositories: ['docs'] });
    const plan = (namePattern: string) =>
      send(jar, '/api/moves/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: { kind: 'org', login: 'octo-org' },
          target: { login: 'octo-target' },
          filters: { namePattern },
        }),
      });
    expect((await plan('docs')).status).toBe(200);
    const other = await plan('hello-world');
    expect(other.status).toBe(403);
    expect((await json<{ message: string }>(other)).message).toMatch(
      /^hello-world is not among the repositories you administer/,
    );
    const alerts = await send(jar, '/api/alerts/targets', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(alerts.status).toBe(403);
    expect(await json<{ message: string }>(alerts)).toMatchObject({ message: NEEDS_ROLE.admin });
  });

  it('ends the session on the server at sign-out: the old cookie reads 401', async () => {
    const { jar } = await signIn('octocat');
    const stolen = new Map(jar);
    // Not from another site: a cross-site form cannot sign anyone out.
    const forged = await gateway.app.request(`${ORIGIN}/auth/logout`, {
      method: 'POST',
      headers: { cookie: cookieHeader(jar), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect((await send(jar, '/auth/logout', { method: 'POST' })).status).toBe(204);
    expect((await send(stolen, '/api/session')).status).toBe(401);
    expect((await send(stolen, '/api/moves')).status).toBe(401);
  });
});

describe('who did what', () => {
  it('records each write with the person and role, refused ones too; only an admin reads the log', async () => {
    const hubot = await signIn('hubot');
    await send(hubot.jar, '/api/moves/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await send(hubot.jar, '/api/audit')).status).toBe(403);
    const octocat = await signIn('octocat');
    await send(octocat.jar, '/api/moves/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const page = await json<AuditPage>(await send(octocat.jar, '/api/audit?limit=50'));
    const previews = page.entries.filter((entry) => entry.action === 'POST /api/moves/preview');
    const of = (actor: string) => previews.find((entry) => entry.actor === actor);
    expect([of('hubot')?.role, of('hubot')?.outcome]).toEqual(['viewer', '403 refused']);
    expect([of('octocat')?.role, of('octocat')?.outcome]).toEqual(['admin', '422 refused']);
  });
});

describe('a sign-in that must not work', () => {
  it('uses its state once: a replayed callback signs nobody in', async () => {
    const { callback, jar } = await signIn('octocat');
    const replay: Jar = new Map([...jar].filter(([name]) => name === 'ferry_login'));
    const again = await send(replay, callback);
    expect(again.headers.get('location')).toBe('/?signin=used');
  });

  it('refuses a callback in a browser that did not begin it, and a forged state', async () => {
    const jar: Jar = new Map();
    const begin = await send(jar, '/auth/login?login=octocat');
    const authorize = new URL(begin.headers.get('location')!, ORIGIN);
    const callback = (await send(jar, `${authorize.pathname}${authorize.search}`)).headers.get('location')!;
    // Another browser (no login cookie): the attacker's link in the victim's browser.
    expect((await send(new Map(), callback)).headers.get('location')).toBe('/?signin=browser');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    expect((await send(jar, `${forged.pathname}${forged.search}`)).headers.get('location')).toBe(
      '/?signin=used',
    );
    expect((await send(jar, '/auth/callback')).headers.get('location')).toBe('/?signin=used');
  });

  it('never sends anyone elsewhere after signing in', async () => {
    for (const back of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '/auth/logout',
      '/%0d%0aSet-Cookie:x',
    ])
      expect((await signIn('octocat', back)).done.headers.get('location')).toMatch(
        /^\/(?:%0d%0aSet-Cookie:x)?$/,
      );
  });

  it('takes a new session id at each sign-in (no fixation): a planted cookie is not adopted', async () => {
    const jar: Jar = new Map([['ferry_session', 'planted-by-attacker']]);
    const begin = await send(jar, '/auth/login?login=octocat');
    const authorize = new URL(begin.headers.get('location')!, ORIGIN);
    const callback = (await send(jar, `${authorize.pathname}${authorize.search}`)).headers.get('location')!;
    await send(jar, callback);
    expect(jar.get('ferry_session')).not.toBe('planted-by-attacker');
    expect((await send(new Map([['ferry_session', 'planted-by-attacker']]), '/api/session')).status).toBe(
      401,
    );
  });

  it('ends the session of a person removed from the organization within 10 minutes', async () => {
    const { jar } = await signIn('hubot');
    expect((await send(jar, '/api/session')).status).toBe(200);
    const org = gateway.simulator!.github().world.orgs.get('octo-org')!;
    org.members = org.members.filter((member) => member !== 'hubot');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await send(jar, '/api/session')).status).toBe(401);
    org.members.push('hubot');
  });
});
