import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator';
import { appJwt } from '@/testing/app-jwt';
import { SIM_APP } from './apps';
import { SIM_FINE_GRAINED_TOKEN } from './seed';

const API = 'http://sim.test/api/v3';

const nowS = () => Math.floor(Date.now() / 1000);

describe('the simulated GitHub App and fine-grained tokens', () => {
  const sim = () => createSimulator({ speed: 0, scenario: 'quiet' });
  const call = (s: ReturnType<typeof sim>, path: string, token: string, method = 'GET') =>
    s.fetch(new Request(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` } }));

  it('mints an hour-long installation token from a valid JWT, with the installation’s own budget', async () => {
    const s = sim();
    const jwt = appJwt({ iss: SIM_APP.id, iat: nowS() - 30, exp: nowS() + 540 });
    const installations = (await (await call(s, '/app/installations', jwt)).json()) as { id: number }[];
    expect(installations.map((item) => item.id)).toEqual([SIM_APP.installationId]);
    const minted = await call(s, `/app/installations/${SIM_APP.installationId}/access_tokens`, jwt, 'POST');
    expect(minted.status).toBe(201);
    const { token, expires_at } = (await minted.json()) as { token: string; expires_at: string };
    expect(token).toMatch(/^ghs_[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(token.length).toBeGreaterThan(400);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
    const repos = await call(s, '/orgs/octo-org/repos', token);
    expect(repos.status).toBe(200);
    expect(repos.headers.get('x-ratelimit-remaining')).toBe('4999');
    // Migration exports are not for Apps.
    const refused = await call(s, '/orgs/octo-org/migrations', token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Resource not accessible by integration' });
    expect((await call(s, '/user', token)).status).toBe(403);
  });

  it('refuses JWTs that are expired, too long, forged or of another App', async () => {
    const s = sim();
    const { privateKey: otherKey } = await import('node:crypto').then((crypto) =>
      crypto.generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }),
    );
    for (const [jwt, words] of [
      [appJwt({ iss: SIM_APP.id, iat: nowS() - 700, exp: nowS() - 60 }), /must be a numeric value/],
      // Valid longer than 10 minutes: GitHub's own words (octokit/auth-app.js#698, probot#942).
      [
        appJwt({ iss: SIM_APP.id, iat: nowS(), exp: nowS() + 3_600 }),
        /^'Expiration time' claim \('exp'\) is too far in the future$/,
      ],
      [appJwt({ iss: SIM_APP.id, iat: nowS(), exp: nowS() + 300 }, otherKey), /./],
      [appJwt({ iss: 1, iat: nowS(), exp: nowS() + 300 }), /Integration not found/],
    ] as const) {
      const answer = await call(s, `/app/installations/${SIM_APP.installationId}/access_tokens`, jwt, 'POST');
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { message: string }).message).toMatch(words);
    }
    // A JWT reaches only the App's own routes.
    const jwt = appJwt({ iss: SIM_APP.id, iat: nowS(), exp: nowS() + 300 });
    expect((await call(s, '/orgs/octo-org/repos', jwt)).status).toBe(403);
  });

  it('answers a fine-grained token without the permission with 403 and X-Accepted-GitHub-Permissions', async () => {
    const s = sim();
    const read = await call(s, '/orgs/octo-org/migrations', SIM_FINE_GRAINED_TOKEN);
    expect(read.status).toBe(200);
    expect(read.headers.get('github-authentication-token-expiration')).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    );
    expect(read.headers.get('x-oauth-scopes')).toBeNull();
    const write = await call(s, '/orgs/octo-org/migrations', SIM_FINE_GRAINED_TOKEN, 'POST');
    expect(write.status).toBe(403);
    expect(write.headers.get('x-accepted-github-permissions')).toBe('organization_administration=write');
    expect(await write.json()).toMatchObject({ message: 'Resource not accessible by personal access token' });
  });
});
