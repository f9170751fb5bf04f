import { describe, expect, it } from 'vitest';
import { SIM_APP, SIM_APP_PRIVATE_KEY } from '@/simulator/github/apps';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { createSecretRegistry } from '../secret-registry';
import { createCredentials } from './credentials';
import type { GithubCredentialConfig } from './credential-config';

/**
 * Issue 34 item 2: the credential checks read GitHub's answers (`GET /user`, `GET /rate_limit`, the App's
 * installation and its installation token) with parsers. A malformed or hostile 200 is each credential's plain
 * problem (or a refused credential), never a library's "Cannot read properties of null" nor a value passed on
 * unchecked.
 */
const BOUNDS = { headersMs: 2_000, idleMs: 2_000, totalMs: 5_000, maxBytes: 1_000_000 };
const TOKEN: GithubCredentialConfig = { name: 'default', kind: 'classic', token: 'ghp_fake_token_for_tests' };
const APP: GithubCredentialConfig = {
  name: 'app',
  kind: 'app',
  appId: String(SIM_APP.id),
  installationId: SIM_APP.installationId,
  privateKey: SIM_APP_PRIVATE_KEY,
};

/** A GitHub answering every path with what `answers` says for it (by path, without the base). */
function github(answers: Record<string, () => Response>): UpstreamFetch & { seen: Request[] } {
  const seen: Request[] = [];
  const fetch = (request: Request) => {
    seen.push(request);
    const path = new URL(request.url).pathname.replace(/^\/api\/v3\//, '');
    const answer = answers[path];
    return Promise.resolve(answer ? answer() : Response.json({ message: 'Not Found' }, { status: 404 }));
  };
  return Object.assign(fetch, { seen });
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });

function credentialsOn(fetch: UpstreamFetch, configs: GithubCredentialConfig[] = [TOKEN]) {
  return createCredentials(configs, {
    baseUrl: 'http://github.test/api/v3',
    apiVersion: '2022-11-28',
    fetch,
    bounds: BOUNDS,
    secrets: createSecretRegistry(),
  });
}

describe('credential checks reading malformed GitHub answers', () => {
  for (const [what, body] of [
    ['null', 'null'],
    ['an array', '[]'],
    ['not JSON', '<html>hello</html>'],
    ['a number login', { login: 42 }],
    ['a login breaking GitHub’s rules', { login: '<script>alert(1)</script>' }],
  ] as const) {
    it(`GET /user answering ${what}: a plain problem, no login`, async () => {
      const credentials = credentialsOn(github({ user: json(body, 200, { 'x-oauth-scopes': 'repo' }) }));
      const [details] = await credentials.details();
      expect(details).toEqual({
        name: 'default',
        kind: 'classic',
        problem: 'GitHub’s answer to GET /user could not be read (no user login).',
      });
    });
  }

  it('GET /user: a well-formed answer still gives the login and scopes', async () => {
    const credentials = credentialsOn(
      github({ user: json({ login: 'octocat' }, 200, { 'x-oauth-scopes': 'repo, user' }) }),
    );
    expect(await credentials.details()).toEqual([
      { name: 'default', kind: 'classic', login: 'octocat', scopes: ['repo', 'user'], expiresAt: undefined },
    ]);
  });

  it('the account behind a token: a malformed GET /user names nobody (asked again later)', async () => {
    const fetch = github({ user: json(null) });
    const credentials = credentialsOn(fetch, [TOKEN, { ...TOKEN, name: 'second' }]);
    const accounts = await credentials.accounts();
    expect(accounts).toEqual([
      { name: 'default', kind: 'classic', login: undefined },
      { name: 'second', kind: 'classic', login: undefined },
    ]);
  });

  it('an error answer whose message is not text: GitHub’s status alone', async () => {
    const credentials = credentialsOn(github({ user: json({ message: { evil: true } }, 401) }));
    const [details] = await credentials.details();
    expect(details?.problem).toBe('GitHub answered 401.');
  });

  it('the App’s installation answering null: a plain problem', async () => {
    const fetch = github({ [`app/installations/${SIM_APP.installationId}`]: json('null') });
    const [details] = await credentialsOn(fetch, [APP]).details();
    expect(details).toEqual({
      name: 'app',
      kind: 'app',
      problem: 'GitHub’s answer to GET /app/installations/{id} could not be read (no installation account).',
    });
  });

  it('the App’s installation: only text permissions are kept, the account login is checked', async () => {
    const fetch = github({
      [`app/installations/${SIM_APP.installationId}`]: json({
        account: { login: 'octo-org' },
        permissions: { metadata: 'read', contents: 5, issues: { nested: 'x' } },
      }),
    });
    const [details] = await credentialsOn(fetch, [APP]).details();
    expect(details).toEqual({
      name: 'app',
      kind: 'app',
      login: 'octo-org',
      permissions: { metadata: 'read' },
    });
  });

  for (const [what, body] of [
    ['null', 'null'],
    ['no token', { expires_at: '2030-01-01T00:00:00Z' }],
    ['a token that is not text', { token: { value: 'x' }, expires_at: '2030-01-01T00:00:00Z' }],
    ['a token with a line break', { token: 'ghs_abc\r\nx-evil: 1', expires_at: '2030-01-01T00:00:00Z' }],
  ] as const) {
    it(`the installation token answering ${what}: the credential is refused plainly, nothing is sent with it`, async () => {
      const fetch = github({
        [`app/installations/${SIM_APP.installationId}/access_tokens`]: json(body, 201),
      });
      const [app] = credentialsOn(fetch, [APP]).list;
      await expect(app!.authorization()).rejects.toThrow(
        'GitHub’s installation token answer could not be read (no token).',
      );
      expect(fetch.seen.map((request) => new URL(request.url).pathname)).toEqual([
        `/api/v3/app/installations/${SIM_APP.installationId}/access_tokens`,
      ]);
    });
  }
});
