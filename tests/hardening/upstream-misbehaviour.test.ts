import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, type Listening } from '@/testing/node-servers';
import type { Gateway as Runtime } from '@/server/gateway';
import { startFakeUpstream, startLiveGateway, type FakeUpstream } from './support';

/**
 * An upstream that misbehaves (slow, hung, hostile links, HTML where JSON belongs), against the running
 * live-mode gateway over real HTTP. Hangs are bounded by UPSTREAM_TIMEOUT_MS (300 ms here).
 */
let upstream: FakeUpstream;
let gateway: Listening & { runtime: Runtime };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  gateway = await startLiveGateway(upstream, { UPSTREAM_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.received.length = 0;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow and hung upstreams', () => {
  it('a slow answer within the limit passes; a slower one is a 504 JSON', async () => {
    upstream.answer(async () => {
      await wait(50);
      return Response.json({ login: 'octocat' });
    });
    expect((await rawRequest(gateway.port, '/api/github/user')).status).toBe(200);
    upstream.answer(async () => {
      await wait(1_500);
      return Response.json({ login: 'octocat' });
    });
    const slow = await rawRequest(gateway.port, '/api/github/user');
    expect(slow.status).toBe(504);
    expect(JSON.parse(slow.body)).toMatchObject({ code: 'UPSTREAM_TIMEOUT', source: 'gateway' });
  });

  it('a body that starts and then hangs is cut at the limit: the browser is never left waiting', async () => {
    upstream.answer(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"login": "octo'));
              // ...and never another byte.
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const started = Date.now();
    const outcome = await rawRequest(gateway.port, '/api/github/user').then(
      (response) => response,
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    if (!(outcome instanceof Error)) {
      // Either the gateway answers an error of its own, or the cut body is visibly incomplete.
      const { status, body } = outcome as { status: number; body: string };
      if (status === 200) expect(() => JSON.parse(body) as unknown).toThrow();
      else expect(JSON.parse(body)).toMatchObject({ source: 'gateway' });
    }
  });

  it('keeps serving other requests while one upstream call hangs', async () => {
    upstream.answer(async (request) => {
      if (new URL(request.url).pathname.endsWith('/user')) await wait(2_000);
      return Response.json({});
    });
    const hung = rawRequest(gateway.port, '/api/github/user');
    const health = await rawRequest(gateway.port, '/api/health');
    expect(health.status).toBe(200);
    expect((await rawRequest(gateway.port, '/api/github/rate_limit')).status).toBe(200);
    expect((await hung).status).toBe(504);
  });
});

describe('a Link header that points somewhere else', () => {
  const HOSTILE_LINKS = [
    '<https://evil.example/api/v3/user/repos?page=2>; rel="next"',
    '<//evil.example/api/v3/user/repos?page=2>; rel="next"',
    '<http://127.0.0.1:1/api/v3/user/repos?page=2>; rel="next"',
    '<javascript:alert(1)>; rel="next"',
    '<data:text/html,<script>alert(1)</script>>; rel="next"',
    '<file:///etc/passwd>; rel="next"',
  ];

  it.each(HOSTILE_LINKS)('drops %s', async (link) => {
    upstream.answer(() => Response.json([], { headers: { link } }));
    const response = await rawRequest(gateway.port, '/api/github/user/repos?page=1');
    expect(response.status).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });

  it('keeps only same-upstream links, rewritten to gateway paths, with a clean rel', async () => {
    upstream.answer(() =>
      Response.json([], {
        headers: {
          link: [
            `<${upstream.origin}/api/v3/user/repos?page=2>; rel="next"`,
            `<${upstream.origin}/api/v3/../../admin?x=1>; rel="last"`,
            `<https://evil.example/api/v3/user/repos?page=3>; rel="prev"`,
            `<${upstream.origin}/api/v3/user/repos?page=9&q=<b>>; rel="first\\" onclick=x"`,
            `<${upstream.origin.replace('http://', 'http://user:pw@')}/api/v3/user/repos?page=4>; rel="prev"`,
          ].join(', '),
        },
      }),
    );
    const response = await rawRequest(gateway.port, '/api/github/user/repos?page=1');
    const link = String(response.headers.link ?? '');
    // Absolute on the gateway's own origin, never the upstream's.
    expect(link).toContain(`<http://127.0.0.1:${gateway.port}/api/github/user/repos?page=2>; rel="next"`);
    expect(link).not.toMatch(/evil|admin|onclick|user:pw/);
    expect(link).not.toContain(upstream.origin);
    for (const [, target] of link.matchAll(/<([^>]*)>/g))
      expect(target?.startsWith(`http://127.0.0.1:${gateway.port}/api/github/`)).toBe(true);
  });
});

describe('HTML where JSON belongs', () => {
  const PAGE = '<html><body><h1>Unicorn!</h1><script>steal()</script></body></html>';

  it.each([500, 502, 503, 403, 404])(
    'an HTML %i error page becomes a JSON error with the same status',
    async (status) => {
      upstream.answer(
        () => new Response(PAGE, { status, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      );
      const response = await rawRequest(gateway.port, '/api/github/user');
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toMatch(/<script|<html|Unicorn/i);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'UPSTREAM_NOT_JSON', source: 'gateway' });
    },
  );

  it('a 200 HTML page (a captive portal) is a 502, never passed on', async () => {
    upstream.answer(() => new Response(PAGE, { headers: { 'content-type': 'text/html' } }));
    const response = await rawRequest(gateway.port, '/api/github/user');
    expect(response.status).toBe(502);
    expect(response.body).not.toMatch(/<script/);
  });

  it.each([
    'application/json, text/html',
    'application/json;text/html',
    'application/jsonp',
    'text/html; a=application/json',
  ])('a content type that only looks like JSON (%s) is never passed on as such', async (type) => {
    upstream.answer(() => new Response(PAGE, { status: 200, headers: { 'content-type': type } }));
    const response = await rawRequest(gateway.port, '/api/github/user');
    const contentType = String(response.headers['content-type'] ?? '');
    expect(contentType).not.toMatch(/html|,/i);
    if (response.status === 200) expect(contentType).toMatch(/^application\/json(;|$)/);
  });

  it('every API answer says nosniff and is never cached by the browser', async () => {
    upstream.answer(() =>
      Response.json({ ok: true }, { headers: { 'cache-control': 'public, max-age=99999' } }),
    );
    const response = await rawRequest(gateway.port, '/api/github/user');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
