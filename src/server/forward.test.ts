import { describe, expect, it } from 'vitest';
import { FAKE_SECRETS, SPY_ENV, spyGateway, TEST_PORT } from '@/testing/node-servers';
import { OPERATIONS } from './allow-list';

const GITHUB = SPY_ENV.GITHUB_API_URL;
const REGISTRAR = SPY_ENV.PORKBUN_API_URL;

function samplePath(template: string): string {
  const samples: Record<string, string> = { login: 'octo-org', repo: 'hello-world', id: '7', tld: 'com' };
  return template.replace(/\{\w+:(\w+)\}/g, (_m, kind: string) => samples[kind] ?? 'x');
}

const browserHeaders = {
  cookie: 'session=browser-cookie',
  authorization: 'Basic dXNlcjpGRVJSWV9QQVNTV09SRA==',
  'x-forwarded-for': '203.0.113.9',
  'x-github-api-version': '1999-01-01',
  accept: 'text/html',
  'user-agent': 'Mozilla/5.0',
};

describe('what goes upstream', () => {
  it.each(OPERATIONS.map((operation) => [operation.id, operation] as const))(
    '%s: method, URL, Accept and credentials',
    async (_id, operation) => {
      const gateway = spyGateway();
      const path = samplePath(operation.path);
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const response = await gateway.call(`/api/${operation.upstream}/${path}`, {
        method: operation.method,
        headers: browserHeaders,
        body: hasBody ? '{}' : undefined,
      });
      expect(response.status).toBe(200);
      const sent = gateway.sent[operation.upstream];
      expect(sent).toHaveLength(1);
      const request = sent[0] as Request;
      expect(request.method).toBe(operation.method);
      expect(request.url).toBe(`${operation.upstream === 'github' ? GITHUB : REGISTRAR}/${path}`);
      expect(request.headers.get('user-agent')).toMatch(/^Ferry\//);
      expect(request.headers.has('cookie')).toBe(false);
      expect(request.headers.has('x-forwarded-for')).toBe(false);
      if (operation.upstream === 'github') {
        expect(request.headers.get('authorization')).toBe(`Bearer ${FAKE_SECRETS.GITHUB_TOKEN}`);
        expect(request.headers.get('x-github-api-version')).toBe('2022-11-28');
        expect(request.headers.get('accept')).toBe(
          operation.preview ? 'application/vnd.github.wyandotte-preview+json' : 'application/vnd.github+json',
        );
        expect(request.headers.has('x-api-key')).toBe(false);
      } else {
        expect(request.headers.has('authorization')).toBe(false);
        expect(request.headers.get('accept')).toBe('application/json');
      }
    },
  );

  it('passes the query string through', async () => {
    const gateway = spyGateway();
    await gateway.call('/api/github/orgs/octo-org/repos?per_page=5&page=2&sort=pushed');
    expect(gateway.sent.github[0]?.url).toBe(`${GITHUB}/orgs/octo-org/repos?per_page=5&page=2&sort=pushed`);
  });

  it('passes a well-formed If-None-Match and drops a malformed one', async () => {
    const gateway = spyGateway();
    const etag = 'W/"0123456789abcdef"';
    await gateway.call('/api/github/user', { headers: { 'if-none-match': etag } });
    await gateway.call('/api/github/user', { headers: { 'if-none-match': `${etag}, "abc"` } });
    await gateway.call('/api/github/user', { headers: { 'if-none-match': 'no-quotes' } });
    await gateway.call('/api/github/user', { headers: { 'if-none-match': '*' } });
    expect(gateway.sent.github.map((request) => request.headers.get('if-none-match'))).toEqual([
      etag,
      `${etag}, "abc"`,
      null,
      null,
    ]);
  });

  it('sends registrar keys as headers on GET and as body fields on POST ping', async () => {
    const gateway = spyGateway();
    await gateway.call('/api/registrar/domain/getRegistrationRequirements/com');
    await gateway.call('/api/registrar/ping', {
      method: 'POST',
      body: JSON.stringify({ apikey: 'pk1_browser', secretapikey: 'sk1_browser', note: 'kept' }),
    });
    await gateway.call('/api/registrar/ping', { method: 'POST' });
    const [get, ping, emptyPing] = gateway.sent.registrar as [Request, Request, Request];
    expect(get.headers.get('x-api-key')).toBe(FAKE_SECRETS.PORKBUN_API_KEY);
    expect(get.headers.get('x-secret-api-key')).toBe(FAKE_SECRETS.PORKBUN_SECRET_API_KEY);
    for (const post of [ping, emptyPing]) {
      expect(post.headers.has('x-api-key')).toBe(false);
      expect(post.headers.has('x-secret-api-key')).toBe(false);
      expect(post.headers.get('content-type')).toBe('application/json');
    }
    expect(await ping.json()).toEqual({
      note: 'kept',
      apikey: FAKE_SECRETS.PORKBUN_API_KEY,
      secretapikey: FAKE_SECRETS.PORKBUN_SECRET_API_KEY,
    });
    expect(await emptyPing.json()).toEqual({
      apikey: FAKE_SECRETS.PORKBUN_API_KEY,
      secretapikey: FAKE_SECRETS.PORKBUN_SECRET_API_KEY,
    });
  });
});

describe('what comes back', () => {
  const upstreamHeaders = {
    'content-type': 'application/json; charset=utf-8',
    etag: 'W/"abc"',
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4990',
    'x-ratelimit-used': '10',
    'x-ratelimit-reset': '1767225600',
    'x-ratelimit-resource': 'core',
    'x-github-request-id': 'ABCD:1234',
    'x-oauth-scopes': 'repo, admin:org',
    'x-accepted-oauth-scopes': 'repo',
    'retry-after': '60',
    'x-poll-interval': '60',
    server: 'github.com',
    'access-control-allow-origin': '*',
    'x-frame-options': 'SAMEORIGIN',
    'strict-transport-security': 'max-age=31536000',
    'content-security-policy': "default-src 'none'",
    location: 'https://elsewhere.example/x',
    'cache-control': 'private, max-age=60',
  };

  it('passes the rate-limit, ETag, request-id and scope headers, and nothing else of the upstream’s', async () => {
    const gateway = spyGateway({
      github: () => new Response('{"login":"octocat"}', { headers: upstreamHeaders }),
    });
    const response = await gateway.call('/api/github/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ login: 'octocat' });
    for (const name of [
      'etag',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-used',
      'x-ratelimit-reset',
      'x-ratelimit-resource',
      'x-github-request-id',
      'x-oauth-scopes',
      'x-accepted-oauth-scopes',
      'retry-after',
      'x-poll-interval',
    ]) {
      expect(response.headers.get(name), name).toBe(upstreamHeaders[name as keyof typeof upstreamHeaders]);
    }
    for (const name of ['server', 'access-control-allow-origin', 'strict-transport-security', 'location']) {
      expect(response.headers.has(name), name).toBe(false);
    }
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('rewrites Link targets to gateway URLs and drops links to another host', async () => {
    const link = [
      `<${GITHUB}/orgs/octo-org/repos?per_page=5&page=2>; rel="next"`,
      `<https://evil.example/api/v3/orgs/octo-org/repos?page=3>; rel="last"`,
      `<${GITHUB.replace('https:', 'http:')}/orgs/octo-org/repos?page=1>; rel="first"`,
      `<${GITHUB}/../../etc/passwd>; rel="prev"`,
    ].join(', ');
    const gateway = spyGateway({ github: () => Response.json([], { headers: { link } }) });
    const response = await gateway.call('/api/github/orgs/octo-org/repos?per_page=5');
    expect(response.headers.get('link')).toBe(
      `<http://127.0.0.1:${TEST_PORT}/api/github/orgs/octo-org/repos?per_page=5&page=2>; rel="next"`,
    );

    const foreignOnly = spyGateway({
      github: () => Response.json([], { headers: { link: '<https://evil.example/x>; rel="next"' } }),
    });
    expect((await foreignOnly.call('/api/github/user/orgs')).headers.has('link')).toBe(false);
  });

  it('turns an upstream HTML error page into a JSON body with the same status', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>';
    const gateway = spyGateway({
      github: () =>
        new Response(html, {
          status: 503,
          headers: { 'content-type': 'text/html', 'x-ratelimit-remaining': '4000' },
        }),
    });
    const response = await gateway.call('/api/github/user');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.text();
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toMatchObject({ code: 'UPSTREAM_NOT_JSON', source: 'gateway' });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4000');
  });

  it('refuses a successful non-JSON answer with 502', async () => {
    const gateway = spyGateway({
      github: () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    });
    const response = await gateway.call('/api/github/user');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_NOT_JSON' });
  });

  it('answers a redirect from a non-archive operation with 502 and no Location', async () => {
    for (const status of [301, 302, 307]) {
      const gateway = spyGateway({
        github: () => new Response(null, { status, headers: { location: 'https://evil.example/steal' } }),
      });
      const response = await gateway.call('/api/github/user/migrations/7');
      expect(response.status).toBe(502);
      expect(response.headers.has('location')).toBe(false);
      expect(await response.json()).toMatchObject({ code: 'UNEXPECTED_REDIRECT' });
    }
  });

  it('passes 304 and 204 without a body, and JSON errors as they are', async () => {
    const notModified = spyGateway({
      github: () => new Response(null, { status: 304, headers: { etag: 'W/"abc"' } }),
    });
    const revalidated = await notModified.call('/api/github/user', {
      headers: { 'if-none-match': 'W/"abc"' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe('W/"abc"');
    expect(await revalidated.text()).toBe('');

    const deleted = spyGateway({ github: () => new Response(null, { status: 204 }) });
    expect((await deleted.call('/api/github/user/migrations/7/archive', { method: 'DELETE' })).status).toBe(
      204,
    );

    const error = {
      message: 'Validation Failed',
      errors: [{ resource: 'Import', code: 'invalid', field: 'vcs' }],
    };
    const invalid = spyGateway({ github: () => Response.json(error, { status: 422 }) });
    const response = await invalid.call('/api/github/repos/octo-org/hello-world/import', {
      method: 'PUT',
      body: '{}',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(error);
  });

  it('answers 502 when the upstream call throws', async () => {
    const gateway = spyGateway({
      github: () => {
        throw new TypeError('fetch failed');
      },
    });
    const response = await gateway.call('/api/github/user');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE' });
  });
});
