import { describe, expect, it } from 'vitest';
import { createRegistrarCache, type RegistrarCacheOptions } from './registrar-cache';

const BASE = 'https://api.registrar.test/api/json/v3';
const lookup = (tld: string) =>
  new Request(`${BASE}/domain/getRegistrationRequirements/${tld}`, {
    headers: { 'x-api-key': 'pk1_k', 'x-secret-api-key': 'sk1_s' },
  });

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A cache over a scripted upstream, with a fake clock: timers fire in order when `settle` runs them. */
function setup(script: (request: Request) => Answer = () => ({}), options: RegistrarCacheOptions = {}) {
  let now = 1_000_000;
  const timers: { at: number; resolve: () => void }[] = [];
  const sent: Request[] = [];
  const startedAt: number[] = [];
  const cache = createRegistrarCache(
    (request) => {
      sent.push(request);
      startedAt.push(now);
      const answer = script(request);
      return Promise.resolve(
        Response.json(answer.body ?? { status: 'SUCCESS', tld: 'com' }, {
          status: answer.status ?? 200,
          headers: answer.headers,
        }),
      );
    },
    {
      now: () => now,
      sleep: (ms) =>
        new Promise<void>((resolve) => {
          timers.push({ at: now + ms, resolve });
        }),
      ...options,
    },
  );
  /** Let pending work run; fire the earliest timer whenever everything else is waiting. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    void promise.finally(() => {
      done = true;
    });
    for (;;) {
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
      if (done) return promise;
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) return promise;
      now = Math.max(now, next.at);
      next.resolve();
    }
  }
  return {
    cache,
    fetch: (request: Request) => settle(cache.fetch(request)),
    all: (requests: Request[]) => settle(Promise.all(requests.map((request) => cache.fetch(request)))),
    sent,
    startedAt,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe('registrar cache', () => {
  it('reuses a successful lookup until it expires', async () => {
    const s = setup();
    expect((await s.fetch(lookup('com'))).status).toBe(200);
    s.tick(60_000);
    const again = await s.fetch(lookup('com'));
    expect(await again.json()).toEqual({ status: 'SUCCESS', tld: 'com' });
    expect(s.sent).toHaveLength(1);
    expect(s.cache.stats.hits).toBe(1);
    s.tick(10 * 60_000);
    await s.fetch(lookup('com'));
    expect(s.sent).toHaveLength(2);
  });

  it('never caches an ERROR envelope, whatever the HTTP status', async () => {
    const s = setup((request) =>
      request.url.endsWith('/bad')
        ? { status: 400, body: { status: 'ERROR', code: 'INVALID_TLD', message: 'Unsupported TLD.' } }
        : { status: 200, body: { status: 'ERROR', code: 'SOMETHING', message: 'Odd.' } },
    );
    for (const tld of ['bad', 'bad', 'odd', 'odd']) await s.fetch(lookup(tld));
    expect(s.sent).toHaveLength(4);
  });

  it('answers an ERROR envelope under HTTP 200 as 502, keeping the body and the upstream status', async () => {
    const s = setup(() => ({ status: 200, body: { status: 'ERROR', code: 'X', message: 'No.' } }));
    const response = await s.fetch(lookup('com'));
    expect(response.status).toBe(502);
    expect(response.headers.get('x-ferry-upstream-status')).toBe('200');
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'X' });
  });

  it('spaces upstream calls: fast clicks on different TLDs go out at least 500 ms apart', async () => {
    const s = setup();
    await s.all(['com', 'net', 'org', 'io'].map(lookup));
    expect(s.sent).toHaveLength(4);
    const gaps = s.startedAt.slice(1).map((at, index) => at - (s.startedAt[index] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(500);
    expect(s.cache.stats.waits).toEqual([0, 500, 1000, 1500]);
  });

  it('shares one upstream call between identical lookups in flight', async () => {
    const s = setup();
    const answers = await s.all([1, 2, 3].map(() => lookup('ca')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(s.sent).toHaveLength(1);
    expect(s.cache.stats.coalesced).toBe(2);
  });

  it('backs off for as long as a throttled answer asks', async () => {
    const s = setup((request) =>
      request.url.endsWith('/com')
        ? {
            status: 503,
            body: { status: 'ERROR', code: 'RATE_LIMIT_EXCEEDED', ttlRemaining: 3 },
            headers: { 'retry-after': '3' },
          }
        : {},
    );
    expect((await s.fetch(lookup('com'))).status).toBe(503);
    await s.fetch(lookup('net'));
    expect((s.startedAt[1] ?? 0) - (s.startedAt[0] ?? 0)).toBeGreaterThanOrEqual(3000);
  });

  it('answers 503 itself rather than queue a caller for too long', async () => {
    const s = setup(() => ({}), { maxWaitMs: 1000 });
    const answers = await s.all(['a1', 'a2', 'a3', 'a4'].map(lookup));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 503]);
    expect(s.sent).toHaveLength(3);
    const refused = answers[3] as Response;
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMIT_EXCEEDED',
      source: 'gateway',
    });
  });

  it('refuses to buffer an oversized answer', async () => {
    const s = setup(() => ({ body: { status: 'SUCCESS', padding: 'x'.repeat(5000) } }), {
      maxBodyBytes: 1000,
    });
    const response = await s.fetch(lookup('com'));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_TOO_LARGE', source: 'gateway' });
    await s.fetch(lookup('com'));
    expect(s.sent).toHaveLength(2);
  });

  it('passes other operations (ping) straight through', async () => {
    const s = setup();
    const ping = () => new Request(`${BASE}/ping`, { method: 'POST', body: '{}' });
    await s.fetch(ping());
    await s.fetch(ping());
    expect(s.sent).toHaveLength(2);
    expect(s.cache.stats.waits).toEqual([]);
  });

  it('fetches the describedby document without keys, from where the registrar links to', async () => {
    const s = setup((request) =>
      request.url.includes('getRegistrationRequirements')
        ? { headers: { link: '<https://registrar.test/api/json/v3/spec>; rel="describedby"' } }
        : { body: { openapi: '3.0.0' } },
    );
    const answer = await s.fetch(lookup('com'));
    // The parent-site target is pointed at the upstream's own /spec, which the gateway can forward.
    expect(answer.headers.get('link')).toBe(`<${BASE}/spec>; rel="describedby"`);
    const spec = await s.fetch(
      new Request(`${BASE}/spec`, { headers: { 'x-api-key': 'pk1_k', 'x-secret-api-key': 'sk1_s' } }),
    );
    expect(await spec.json()).toEqual({ openapi: '3.0.0' });
    const sentSpec = s.sent[1] as Request;
    expect(sentSpec.url).toBe('https://registrar.test/api/json/v3/spec');
    expect(sentSpec.headers.has('x-api-key')).toBe(false);
    expect(sentSpec.headers.has('x-secret-api-key')).toBe(false);
  });

  it('ignores a describedby link to an unrelated host', async () => {
    const s = setup((request) =>
      request.url.includes('getRegistrationRequirements')
        ? { headers: { link: '<https://evil.test/spec>; rel="describedby"' } }
        : {},
    );
    await s.fetch(lookup('com'));
    await s.fetch(new Request(`${BASE}/spec`));
    expect(s.sent[1]?.url).toBe(`${BASE}/spec`);
  });

  it('never fetches a describedby target whose name resolves to this machine or the private network', async () => {
    for (const addresses of [['127.0.0.1'], ['169.254.169.254'], ['::ffff:10.0.0.1']]) {
      const s = setup(
        (request) =>
          request.url.includes('getRegistrationRequirements')
            ? { headers: { link: '<https://registrar.test/api/json/v3/spec>; rel="describedby"' } }
            : {},
        { resolve: () => Promise.resolve(addresses) },
      );
      await s.fetch(lookup('com'));
      await s.fetch(new Request(`${BASE}/spec`));
      expect(s.sent[1]?.url, addresses[0]).toBe(`${BASE}/spec`);
    }
  });

  it('follows no redirect the registrar answers: its Location goes back, unfetched', async () => {
    const s = setup(() => ({ status: 302, headers: { location: 'http://127.0.0.1:5180/__sim/reset' } }));
    await s.fetch(lookup('com'));
    expect(s.sent.map((request) => request.redirect)).toEqual(['manual']);
  });
});
