import { createHash, randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';
import {
  fitsCallback,
  OAUTH_AUTHORIZE_PATH,
  OAUTH_TOKEN_PATH,
  setEmailVerified,
  setOAuthApp,
  SIM_OAUTH_APP,
} from './oauth-apps';

const ORIGIN = 'http://sim.test';
const CALLBACK = 'http://127.0.0.1:5180/auth/callback';
const { clientId, clientSecret } = SIM_OAUTH_APP;

let sim: Simulator;
beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorize(params: Record<string, string>, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: CALLBACK, ...params });
  return sim.fetch(new Request(`${ORIGIN}${OAUTH_AUTHORIZE_PATH}?${query.toString()}`, { headers }));
}

function locationOf(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? 'http://missing.invalid');
}

/** Authorize and return the code (and the PKCE pair it is bound to). */
async function codeFor(login?: string, extra: Record<string, string> = {}) {
  const pair = pkce();
  const response = await authorize({
    ...(login ? { login } : {}),
    scope: 'read:org',
    state: 'st-1',
    code_challenge: pair.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const location = locationOf(response);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe('st-1');
  const code = location.searchParams.get('code') ?? '';
  expect(code).toMatch(/^[0-9a-f]{20}$/);
  return { code, verifier: pair.verifier };
}

type TokenBody = Record<string, string | undefined>;

async function exchange(
  params: TokenBody,
  { json = true, as = 'form' }: { json?: boolean; as?: 'form' | 'json' } = {},
) {
  const fields = Object.fromEntries(
    Object.entries({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: CALLBACK,
      ...params,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const response = await sim.fetch(
    new Request(`${ORIGIN}${OAUTH_TOKEN_PATH}`, {
      method: 'POST',
      headers: {
        ...(json ? { accept: 'application/json' } : {}),
        'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      body: as === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    }),
  );
  expect(response.status).toBe(200);
  return response;
}

async function tokenJson(params: TokenBody, options?: { as?: 'form' | 'json' }) {
  return (await (await exchange(params, { json: true, ...options })).json()) as Record<string, string>;
}

function api(path: string, token: string) {
  return sim.fetch(new Request(`${ORIGIN}/api/v3${path}`, { headers: { authorization: `Bearer ${token}` } }));
}

describe('GitHub sign-in on the simulated source: the whole flow', () => {
  it.each([
    ['octocat', 'admin', true],
    ['hubot', 'member', false],
    ['monalisa', 'member', true],
  ] as const)(
    'signs %s in: code → token → GET /user → role %s in octo-org',
    async (login, role, docsAdmin) => {
      const { code, verifier } = await codeFor(login);
      const answer = await tokenJson({ code, code_verifier: verifier });
      expect(answer).toEqual({
        access_token: expect.stringMatching(/^gho_[A-Za-z0-9]{36}$/) as unknown,
        scope: 'read:org',
        token_type: 'bearer',
      });
      const token = answer.access_token ?? '';

      const user = await api('/user', token);
      expect(user.status).toBe(200);
      expect(((await user.json()) as { login: string }).login).toBe(login);
      expect(user.headers.get('x-oauth-scopes')).toBe('read:org');

      const membership = await api('/user/memberships/orgs/octo-org', token);
      expect(membership.status).toBe(200);
      expect(await membership.json()).toMatchObject({
        state: 'active',
        role,
        user: { login },
        organization: { login: 'octo-org' },
      });

      const docs = (await (await api('/repos/octo-org/docs', token)).json()) as {
        permissions: { admin: boolean };
      };
      expect(docs.permissions.admin).toBe(docsAdmin);
      const other = (await (await api('/repos/octo-org/octo-api', token)).json()) as {
        permissions: { admin: boolean };
      };
      expect(other.permissions.admin).toBe(login === 'octocat');
    },
  );

  it('signs octocat in when no login is named, and answers form-encoded unless JSON is accepted', async () => {
    const { code, verifier } = await codeFor();
    const response = await exchange({ code, code_verifier: verifier }, { json: false });
    expect(response.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const answer = new URLSearchParams(await response.text());
    expect(answer.get('token_type')).toBe('bearer');
    expect(answer.get('scope')).toBe('read:org');
    const user = await api('/user', answer.get('access_token') ?? '');
    expect(((await user.json()) as { login: string }).login).toBe('octocat');
  });

  it('takes a JSON request body, grants only scopes GitHub knows, and works without PKCE', async () => {
    const location = locationOf(await authorize({ scope: 'read:org  repo,bogus read:org' }));
    const answer = await tokenJson({ code: location.searchParams.get('code') ?? '' }, { as: 'json' });
    expect(answer.scope).toBe('read:org,repo');
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('charges the issued token to its user’s one budget, as every other token of theirs', async () => {
    const { code, verifier } = await codeFor('hubot');
    const token = (await tokenJson({ code, code_verifier: verifier })).access_token ?? '';
    const before = Number((await api('/user', SIM_TOKENS.hubot)).headers.get('x-ratelimit-used'));
    const after = Number((await api('/user', token)).headers.get('x-ratelimit-used'));
    expect(after).toBe(before + 1);
  });

  it('forgets codes and issued tokens on reset', async () => {
    const first = await codeFor('hubot');
    const token = (await tokenJson({ code: first.code, code_verifier: first.verifier })).access_token ?? '';
    const second = await codeFor('hubot');
    sim.reset();
    expect((await api('/user', token)).status).toBe(401);
    expect((await tokenJson({ code: second.code, code_verifier: second.verifier })).error).toBe(
      'bad_verification_code',
    );
  });

  it('keeps issued tokens in a saved world', async () => {
    const { code, verifier } = await codeFor('monalisa');
    const token = (await tokenJson({ code, code_verifier: verifier })).access_token ?? '';
    const other = createSimulator({ speed: 0, scenario: 'quiet' });
    expect(other.loadWorld(sim.saveWorld())).toBe(true);
    sim = other;
    expect((await api('/user', token)).status).toBe(200);
  });
});

describe('the authorize page refuses as GitHub does', () => {
  it('echoes the state verbatim, odd characters URL-encoded', async () => {
    for (const state of ['a b&c=d#e?f/g+h%i', 'ünï ✓ 😀', '"><script>alert(1)</script>', '']) {
      const response = await authorize({ state });
      const location = locationOf(response);
      expect(location.searchParams.get('state')).toBe(state);
      expect(response.headers.get('location')).not.toMatch(/[ <>"#]/);
    }
  });

  it('sends a redirect_uri outside the registered callback back to the callback with redirect_uri_mismatch', async () => {
    for (const redirect of [
      'http://127.0.0.1:5180/other',
      'http://127.0.0.1:5180/auth/callbackX',
      'http://127.0.0.1:5180/auth/callback/../../evil',
      'http://evil.example/auth/callback',
      'http://127.0.0.1.evil.example/auth/callback',
      'https://127.0.0.1/auth/callback',
      'http://user:pw@127.0.0.1/auth/callback',
      'http://127.0.0.1/auth/callback#fragment',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const location = locationOf(await authorize({ redirect_uri: redirect, state: 's' }));
      expect(`${location.origin}${location.pathname}`, redirect).toBe(SIM_OAUTH_APP.callbackUrls[0]);
      expect(location.searchParams.get('error')).toBe('redirect_uri_mismatch');
      expect(location.searchParams.get('error_description')).toMatch(/registered callback URL/);
      expect(location.searchParams.get('error_uri')).toMatch(/^https:\/\/docs\.github\.com\//);
      expect(location.searchParams.get('state')).toBe('s');
      expect(location.searchParams.has('code')).toBe(false);
    }
  });

  it('accepts a loopback callback on any port, on 127.0.0.1 and localhost, and paths below it', async () => {
    for (const redirect of [
      'http://127.0.0.1/auth/callback',
      'http://127.0.0.1:43117/auth/callback',
      'http://localhost:5173/auth/callback',
      'http://localhost:5180/auth/callback/deeper?x=1',
    ]) {
      const location = locationOf(await authorize({ redirect_uri: redirect }));
      expect(location.searchParams.has('code'), redirect).toBe(true);
      expect(location.href.startsWith(redirect.split('?')[0] ?? ''), redirect).toBe(true);
    }
  });

  it('answers an unknown or missing client_id with a 404 page', async () => {
    const unknown = await authorize({ client_id: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/html/);
    const asJson = await authorize({ client_id: '' }, { accept: 'application/json' });
    expect(asJson.status).toBe(404);
    expect(await asJson.json()).toEqual({ error: 'Not Found' });
  });

  it('denies an unknown login or an organization, and a suspended application', async () => {
    for (const login of ['nobody-here', 'octo-org']) {
      const location = locationOf(await authorize({ login, state: 'x' }));
      expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('x');
    }
    setOAuthApp(sim.github(), {
      ...SIM_OAUTH_APP,
      callbackUrls: [...SIM_OAUTH_APP.callbackUrls],
      suspended: true,
    });
    expect(locationOf(await authorize({})).searchParams.get('error')).toBe('application_suspended');
  });

  it('refuses PKCE other than S256 with invalid_request (RFC 7636; a challenge without a method is plain)', async () => {
    const { challenge } = pkce();
    const cases: Record<string, string>[] = [
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge },
      { code_challenge_method: 'S256' },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ];
    for (const params of cases) {
      const location = locationOf(await authorize(params));
      expect(location.searchParams.get('error'), JSON.stringify(params)).toBe('invalid_request');
      expect(location.searchParams.has('code')).toBe(false);
    }
  });

  it('refuses a 10 KB state (414) and NUL in a parameter (400), never a 500', async () => {
    expect((await authorize({ state: 'x'.repeat(10 * 1024) })).status).toBe(414);
    expect((await authorize({ state: 'a\u0000b' })).status).toBe(400);
    expect((await authorize({ login: 'octocat\u0000' })).status).toBe(400);
    const raw = await sim.fetch(new Request(`${ORIGIN}${OAUTH_AUTHORIZE_PATH}?client_id=%ZZ&state=%E0%A4%A`));
    expect(raw.status).toBeLessThan(500);
  });

  it('registers another app for a test, whose own callback rule applies', async () => {
    setOAuthApp(sim.github(), {
      clientId: 'other-app',
      clientSecret: 'other-secret',
      name: 'Other',
      callbackUrls: ['https://ferry.example.com/auth/callback'],
    });
    const ok = locationOf(
      await authorize({ client_id: 'other-app', redirect_uri: 'https://eu.ferry.example.com/auth/callback' }),
    );
    expect(ok.searchParams.has('code')).toBe(true);
    const port = locationOf(
      await authorize({
        client_id: 'other-app',
        redirect_uri: 'https://ferry.example.com:8443/auth/callback',
      }),
    );
    expect(port.searchParams.get('error')).toBe('redirect_uri_mismatch');
    for (const callbackUrls of [[], ['not a url'], ['javascript:alert(1)']])
      expect(() => setOAuthApp(sim.github(), { ...SIM_OAUTH_APP, callbackUrls })).toThrow(RangeError);
  });
});

describe('the token exchange refuses as GitHub does (HTTP 200 with an error)', () => {
  it('spends a code once: using it again is bad_verification_code', async () => {
    const { code, verifier } = await codeFor('hubot');
    expect((await tokenJson({ code, code_verifier: verifier })).access_token).toMatch(/^gho_/);
    const again = await tokenJson({ code, code_verifier: verifier });
    expect(again).toEqual({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: expect.stringContaining('bad-verification-code') as unknown,
    });
  });

  it('refuses a wrong verifier, and a missing one, with bad_verification_code (and spends the code)', async () => {
    const first = await codeFor();
    const wrong = await tokenJson({ code: first.code, code_verifier: pkce().verifier });
    expect(wrong).toMatchObject({
      error: 'bad_verification_code',
      error_description: expect.stringMatching(/does not match/) as unknown,
    });
    expect((await tokenJson({ code: first.code, code_verifier: first.verifier })).error).toBe(
      'bad_verification_code',
    );
    const second = await codeFor();
    expect(await tokenJson({ code: second.code })).toMatchObject({
      error: 'bad_verification_code',
      error_description: expect.stringMatching(/code_verifier is required/) as unknown,
    });
  });

  it('refuses a code 11 simulated minutes old', async () => {
    const { code, verifier } = await codeFor();
    sim.advance(11 * 60);
    expect((await tokenJson({ code, code_verifier: verifier })).error).toBe('bad_verification_code');
  });

  it('refuses wrong client credentials without spending the code', async () => {
    const { code, verifier } = await codeFor();
    for (const fields of [
      { client_secret: 'wrong' },
      { client_secret: undefined },
      { client_id: 'nope' },
      { client_id: 'sim\u0000' },
    ]) {
      const answer = await tokenJson({ code, code_verifier: verifier, ...fields });
      expect(answer).toMatchObject({
        error: 'incorrect_client_credentials',
        error_description: expect.any(String) as unknown,
      });
    }
    expect((await tokenJson({ code, code_verifier: verifier })).access_token).toMatch(/^gho_/);
  });

  it('refuses a redirect_uri outside the callback, or other than the authorize request’s', async () => {
    const { code, verifier } = await codeFor();
    expect(
      (await tokenJson({ code, code_verifier: verifier, redirect_uri: 'http://evil.example/auth/callback' }))
        .error,
    ).toBe('redirect_uri_mismatch');
    expect(
      (
        await tokenJson({
          code,
          code_verifier: verifier,
          redirect_uri: 'http://127.0.0.1:9999/auth/callback',
        })
      ).error,
    ).toBe('redirect_uri_mismatch');
  });

  it('refuses a user without a verified e-mail with unverified_user_email', async () => {
    setEmailVerified(sim.github(), 'hubot', false);
    const { code, verifier } = await codeFor('hubot');
    expect((await tokenJson({ code, code_verifier: verifier })).error).toBe('unverified_user_email');
  });

  it('answers hostile bodies with an error, never a 500', async () => {
    const { code, verifier } = await codeFor();
    expect((await tokenJson({ code: `${code}\u0000`, code_verifier: verifier })).error).toBe(
      'bad_verification_code',
    );
    for (const [type, body] of [
      ['application/json', '{not json'],
      ['application/json', '["array"]'],
      ['application/json', JSON.stringify({ client_id: 1, client_secret: null })],
      ['text/plain', '\u0000\u0001'],
    ] as const) {
      const response = await sim.fetch(
        new Request(`${ORIGIN}${OAUTH_TOKEN_PATH}`, {
          method: 'POST',
          headers: { 'content-type': type, accept: 'application/json' },
          body,
        }),
      );
      expect(response.status).toBe(200);
      expect(((await response.json()) as { error: string }).error).toBe('incorrect_client_credentials');
    }
    const huge = await sim.fetch(
      new Request(`${ORIGIN}${OAUTH_TOKEN_PATH}`, { method: 'POST', body: `code=${'x'.repeat(100 * 1024)}` }),
    );
    expect(huge.status).toBe(413);
    expect((await tokenJson({ code, code_verifier: verifier })).access_token).toMatch(/^gho_/);
  });
});

describe('fitsCallback', () => {
  it.each([
    ['http://127.0.0.1:1234/path', 'http://127.0.0.1/path', true],
    ['http://[::1]:1234/path/sub', 'http://[::1]/path', true],
    ['http://localhost:1234/path', 'http://127.0.0.1/path', false],
    ['https://oauth.example.com/path', 'https://example.com/path', true],
    ['https://example.com:444/path', 'https://example.com/path', false],
    ['https://example.com/pathology', 'https://example.com/path', false],
    ['https://example.com/path/%2e%2e/x', 'https://example.com/path', false],
    ['https://badexample.com/path', 'https://example.com/path', false],
  ])('%s against %s: %s', (redirect, callback, fits) => {
    expect(fitsCallback(redirect, callback)).toBe(fits);
  });
});
