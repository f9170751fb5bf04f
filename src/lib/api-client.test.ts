import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { simServer, simulator, TEST_ORIGIN } from '@/testing/sim-server';
import { ApiError } from './api-error';
import { etagCache, request } from './api-client';
import { rateLimitStore } from './rate-limit-store';

/** The gateway authenticates to the simulator as octocat; limits are counted per token. */
const IDENTITY = SIM_TOKENS.octocat;

interface User {
  login: string;
  name: string | null;
}

function caught(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );
}

afterEach(() => {
  vi.useRealTimers();
  simServer.events.removeAllListeners();
});

describe('request: conditional requests', () => {
  it('revalidates with If-None-Match and serves a 304 from the ETag cache, free of charge', async () => {
    const stats = () => ({ ...simulator().github().stats });
    const sent: (string | null)[] = [];
    simServer.events.on('request:start', ({ request: outgoing }) => {
      if (outgoing.url.endsWith('/api/github/user')) sent.push(outgoing.headers.get('if-none-match'));
    });
    const before = stats();

    const first = await request<User>('github', 'user');
    expect(first.status).toBe(200);
    expect(first.notModified).toBe(false);
    expect(first.data.login).toBe('octocat');
    expect(etagCache.size).toBe(1);

    const second = await request<User>('github', 'user');
    expect(second.status).toBe(200);
    expect(second.notModified).toBe(true);
    expect(second.data).toEqual(first.data);

    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(sent).toEqual([null, etag]);

    const after = stats();
    expect(after.counted - before.counted).toBe(1);
    expect(after.notModified - before.notModified).toBe(1);
    expect(after.requests - before.requests).toBe(2);
  });

  it('fetches a changed resource fresh and caches the new version', async () => {
    const first = await request<User>('github', 'user');
    const account = simulator().github().world.accounts.get('octocat')!;
    account.name = 'Mona Lisa Octocat';
    const counted = simulator().github().stats.counted;

    const second = await request<User>('github', 'user');
    expect(second.notModified).toBe(false);
    expect(second.data.name).toBe('Mona Lisa Octocat');
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(simulator().github().stats.counted).toBe(counted + 1);

    const third = await request<User>('github', 'user');
    expect(third.notModified).toBe(true);
    expect(third.data.name).toBe('Mona Lisa Octocat');
  });

  it('does not send If-None-Match for the registrar', async () => {
    const sent: (string | null)[] = [];
    simServer.events.on('request:start', ({ request: outgoing }) => {
      if (outgoing.url.includes('/api/registrar/')) sent.push(outgoing.headers.get('if-none-match'));
    });
    await request('registrar', 'ping', { method: 'POST', json: {} });
    await request('registrar', 'ping', { method: 'POST', json: {} });
    expect(sent).toEqual([null, null]);
    expect(etagCache.size).toBe(0);
  });
});

describe('request: write intent', () => {
  it('states it on every write, to every upstream (the gateway refuses a write with no intent)', async () => {
    const sent: (string | null)[] = [];
    simServer.events.on('request:start', ({ request: outgoing }) => {
      if (outgoing.method !== 'GET') sent.push(outgoing.headers.get('x-ferry-client'));
    });
    await request('registrar', 'ping', { method: 'POST', json: {} });
    await request('gateway', 'ferry/recent', { method: 'POST', json: { kind: 'org', key: 'octo-org' } });
    expect(sent).toHaveLength(2);
    for (const value of sent) expect(value).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('request: rate limits', () => {
  it('records the rate-limit headers of every GitHub response', async () => {
    const now = simulator().clock.now();
    const expected = simulator().github().limiter.status(IDENTITY, 'core', now);
    await request('github', 'user');
    expect(rateLimitStore.getSnapshot().readings).toEqual({
      core: { resource: 'core', limit: 5000, remaining: 4999, used: 1, reset: expected.reset },
    });
    expect(rateLimitStore.getSnapshot().blockedUntil).toBeUndefined();
  });

  it('throws a rate-limited error on an exhausted primary limit and blocks until the reset', async () => {
    const sim = simulator();
    sim.github().limiter.exhaust(IDENTITY, 'core', sim.clock.now());
    const { reset } = sim.github().limiter.status(IDENTITY, 'core', sim.clock.now());

    const error = await caught(request('github', 'user'));
    expect(error.kind).toBe('rate-limited');
    expect(error.upstream).toBe('github');
    expect(error.status).toBe(403);
    expect(error.message).toBe('API rate limit exceeded for user ID 1.');
    // The wait is measured against the simulator's Date (whole seconds), so this clock may be up to ~1 s off.
    expect(Math.abs((error.retryAt ?? 0) - (reset * 1000 + 1000))).toBeLessThan(1_500);
    expect(rateLimitStore.getSnapshot().blockedUntil).toBe(error.retryAt);
    expect(rateLimitStore.getSnapshot().readings.core).toMatchObject({ remaining: 0, limit: 5000, reset });

    // A successful answer before the limit lifts (rate_limit is free) keeps the block.
    await request('github', 'rate_limit');
    expect(rateLimitStore.getSnapshot().blockedUntil).toBe(error.retryAt);

    // Once the window has reset, the next successful answer lifts the block.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((error.retryAt ?? 0) + 1);
    sim.advance(reset - Math.floor(sim.clock.now() / 1000) + 2);
    const after = await request<User>('github', 'user');
    expect(after.data.login).toBe('octocat');
    expect(rateLimitStore.getSnapshot().readings.core?.remaining).toBe(4999);
    expect(rateLimitStore.getSnapshot().blockedUntil).toBeUndefined();
  });

  it('throws a secondary-rate-limited error with retry-after and blocks for that long', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/user`, () =>
        HttpResponse.json(
          {
            message:
              'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          },
          { status: 403, headers: { 'retry-after': '120' } },
        ),
      ),
    );
    const before = Date.now();
    const error = await caught(request('github', 'user'));
    expect(error.kind).toBe('secondary-rate-limited');
    expect(error.retryAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(error.retryAt).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(rateLimitStore.getSnapshot().blockedUntil).toBe(error.retryAt);
  });
});

describe('request: failures', () => {
  it('reports a request that got no answer as a network error', async () => {
    simServer.use(http.get(`${TEST_ORIGIN}/api/github/user`, () => HttpResponse.error()));
    const error = await caught(request('github', 'user'));
    expect(error.kind).toBe('network');
    expect(error.upstream).toBe('github');
    expect(error.status).toBeUndefined();
  });

  it('reports a GitHub error body with its status', async () => {
    simServer.use(
      http.get(`${TEST_ORIGIN}/api/github/user`, () =>
        HttpResponse.json(
          { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
          { status: 401 },
        ),
      ),
    );
    const error = await caught(request('github', 'user'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Bad credentials');
  });

  it('reports an unreadable success as malformed', async () => {
    simServer.use(
      http.get(
        `${TEST_ORIGIN}/api/github/user`,
        () => new HttpResponse('<html>proxy</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    const error = await caught(request('github', 'user'));
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
  });

  it('never caches a cut answer under its ETag, so the next request asks afresh', async () => {
    const sent: (string | null)[] = [];
    simServer.events.on('request:start', ({ request: outgoing }) => {
      if (outgoing.url.endsWith('/api/github/user')) sent.push(outgoing.headers.get('if-none-match'));
    });
    simServer.use(
      http.get(
        `${TEST_ORIGIN}/api/github/user`,
        () =>
          new HttpResponse('{"login":"octo', {
            headers: { 'content-type': 'application/json', etag: 'W/"cut"' },
          }),
        { once: true },
      ),
    );
    expect((await caught(request('github', 'user'))).kind).toBe('malformed');
    expect(etagCache.size).toBe(0);

    const next = await request<User>('github', 'user');
    expect(next.data.login).toBe('octocat');
    expect(sent).toEqual([null, null]);
  });

  it('reports a registrar ERROR envelope as a registrar error', async () => {
    simServer.use(
      http.post(`${TEST_ORIGIN}/api/registrar/ping`, () =>
        HttpResponse.json(
          { status: 'ERROR', message: 'Invalid API key. (002)', code: 'INVALID_API_KEYS_002' },
          { status: 400 },
        ),
      ),
    );
    const error = await caught(request('registrar', 'ping', { method: 'POST', json: {} }));
    expect(error.kind).toBe('registrar');
    expect(error.code).toBe('INVALID_API_KEYS_002');
    expect(error.status).toBe(400);
  });

  it('refuses operations the gateway does not allow', async () => {
    const error = await caught(request('github', 'user/emails'));
    expect(error.upstream).toBe('github');
    expect(error.status).toBe(404);
    expect(simulator().github().stats.requests).toBe(0);
  });
});
