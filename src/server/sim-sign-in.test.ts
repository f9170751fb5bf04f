import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OAUTH_TOKEN_PATH, SIM_OAUTH_APP } from '@/simulator/github/oauth/oauth-apps';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { inProcessGateway } from '@/testing/node-servers';
import { SIM_AUTHORIZE_PATH } from './gateway/areas/simulator';

/**
 * GitHub sign-in with the gateway in simulator mode: the browser reaches the simulated source's authorize page on
 * the gateway's own origin (`/__sim/github/login/oauth/authorize`); the gateway exchanges the code server-side on
 * the source's origin (`SIMULATOR_ORIGIN`, as `config.github.baseUrl` minus `/api/v3`).
 */
describe('the simulated source’s sign-in behind the gateway', () => {
  it('redirects to the gateway’s callback with a code the gateway exchanges in process for monalisa’s token', async () => {
    const { runtime, call, origin } = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' });
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: SIM_OAUTH_APP.clientId,
      redirect_uri: `${origin}/auth/callback`,
      scope: 'read:org',
      state: 'opaque/state+value',
      login: 'monalisa',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorized = await call(`${SIM_AUTHORIZE_PATH}?${query.toString()}`);
    expect(authorized.status).toBe(302);
    const callback = new URL(authorized.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe('opaque/state+value');

    const github = new URL(runtime.config.github.baseUrl);
    expect(github.pathname).toBe('/api/v3');
    const fetchGithub = runtime.services.upstreams.github;
    const exchanged = await fetchGithub(
      new Request(`${github.origin}${OAUTH_TOKEN_PATH}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: SIM_OAUTH_APP.clientId,
          client_secret: SIM_OAUTH_APP.clientSecret,
          code: callback.searchParams.get('code') ?? '',
          redirect_uri: `${origin}/auth/callback`,
          code_verifier: verifier,
        }).toString(),
      }),
    );
    const { access_token: token } = (await exchanged.json()) as { access_token: string };
    expect(token).toMatch(/^gho_/);
    const user = await fetchGithub(
      new Request(`${runtime.config.github.baseUrl}/user`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(((await user.json()) as { login: string }).login).toBe('monalisa');
    await runtime.stop();
  });

  it('answers an unknown client with the 404 page, and is not there when GitHub is live', async () => {
    const simulated = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' });
    expect((await simulated.call(`${SIM_AUTHORIZE_PATH}?client_id=nope`)).status).toBe(404);
    await simulated.runtime.stop();
    const live = inProcessGateway({
      GITHUB_TOKEN: SIM_TOKENS.octocat,
      GITHUB_API_URL: 'http://127.0.0.1:9/api/v3',
    });
    const absent = await live.call(`${SIM_AUTHORIZE_PATH}?client_id=${SIM_OAUTH_APP.clientId}`);
    expect(absent.status).toBe(404);
    await live.runtime.stop();
  });
});
