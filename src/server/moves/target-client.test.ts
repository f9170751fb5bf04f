import { describe, expect, it, vi } from 'vitest';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import {
  gateOf,
  processAccountLimits,
  SLOT_MARGIN_MS,
  targetAccountKey,
} from '@/server/credentials/account-limits';
import { createTargetClient, nameCheckQuery } from './target-client';
import {
  TargetCredentialError,
  TargetGraphqlError,
  TargetRateLimitedError,
  TargetUnavailableError,
} from './target-errors';

const BOUNDS = { headersMs: 200, idleMs: 200, totalMs: 500, maxBytes: 64 * 1024 };
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

function clientAnswering(
  answer: (
    request: Request,
    body: { query: string; variables: Record<string, string> },
  ) => Answer | Promise<never>,
) {
  const seen: Request[] = [];
  const client = createTargetClient({
    baseUrl: 'https://api.github.com/',
    authorization: () => Promise.resolve('Bearer ghp_target'),
    bounds: BOUNDS,
    fetch: async (request) => {
      seen.push(request);
      const made = await answer(request, (await request.clone().json()) as never);
      const text = typeof made.body === 'string' ? made.body : JSON.stringify(made.body);
      return new Response(text, { status: made.status ?? 200, headers: made.headers });
    },
  });
  return { client, seen };
}

const ORG = { id: 'O_1', databaseId: 91000001, login: 'octo-target', name: 'The Octo Target' };
const RATE = { limit: 5000, remaining: 4990, used: 10, resetAt: '2026-01-01T10:00:00Z', cost: 1 };

describe('the target client', () => {
  it('reads the organization and GitHub’s GEI refusal in one request, with gh-gei’s headers', async () => {
    const { client, seen } = clientAnswering(() => ({
      body: {
        data: { org: ORG, gei: null, rateLimit: RATE },
        errors: [
          {
            type: 'FORBIDDEN',
            path: ['gei', 'repositoryMigrations'],
            message: 'Resource not accessible by integration',
          },
        ],
      },
    }));
    const read = await client.organization('octo-target');
    expect(read).toMatchObject({ organization: ORG, rateLimit: RATE });
    expect(read.geiRefusal?.message).toBe('Resource not accessible by integration');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('https://api.github.com/graphql');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer ghp_target');
    expect(seen[0]?.headers.get('graphql-features')).toBe('import_api,mannequin_claiming_emu,org_import_api');
  });

  it('reads a classic token’s scopes from X-OAuth-Scopes, and a missing organization as GitHub says it', async () => {
    const { client } = clientAnswering(() => ({
      body: { data: { org: ORG, gei: { repositoryMigrations: { totalCount: 0 } }, rateLimit: RATE } },
      headers: { 'x-oauth-scopes': 'repo, admin:org, workflow' },
    }));
    expect((await client.organization('octo-target')).scopes).toEqual(['repo', 'admin:org', 'workflow']);
    const missing = clientAnswering(() => ({
      body: {
        data: { org: null, gei: null, rateLimit: RATE },
        errors: [
          {
            type: 'NOT_FOUND',
            path: ['org'],
            message: "Could not resolve to an Organization with the login of 'x'.",
          },
        ],
      },
    }));
    expect(await missing.client.organization('x')).toMatchObject({
      organization: null,
      missing: "Could not resolve to an Organization with the login of 'x'.",
    });
  });

  it('checks names 50 to a query, passed as variables (never spliced into the query)', async () => {
    const names = Array.from({ length: 120 }, (_, i) => (i === 7 ? 'Taken"){x}' : `repo-${i}`));
    const { client, seen } = clientAnswering((_, body) => {
      const data: Record<string, unknown> = {};
      const errors: unknown[] = [];
      for (const [alias, name] of Object.entries(body.variables)) {
        if (alias === 'owner') continue;
        if (name.startsWith('Taken') || name === 'repo-99') data[alias] = { name };
        else {
          data[alias] = null;
          errors.push({ type: 'NOT_FOUND', path: [alias], message: 'Could not resolve to a Repository' });
        }
      }
      expect(body.query).not.toContain('Taken');
      return { body: { data, errors } };
    });
    const taken = await client.takenNames('octo-target', names);
    expect([...taken]).toEqual(['taken"){x}', 'repo-99']);
    expect(seen).toHaveLength(3);
    expect(nameCheckQuery(2)).toBe(
      'query ferryMoveNames($owner: String!, $n0: String!, $n1: String!) {\n  n0: repository(owner: $owner, name: $n0) { name }\n  n1: repository(owner: $owner, name: $n1) { name }\n}',
    );
  });

  it('turns GitHub’s limits, GEI’s outage and bad credentials into typed errors', async () => {
    const failing = async (answer: Answer) =>
      clientAnswering(() => answer)
        .client.rateLimit()
        .catch((e: unknown) => e);
    const secondary = await failing({
      body: { data: null, errors: [{ type: 'RATE_LIMIT', message: 'secondary' }] },
      headers: { 'retry-after': '42' },
    });
    expect(secondary).toBeInstanceOf(TargetRateLimitedError);
    expect((secondary as TargetRateLimitedError).retryAfterSeconds).toBe(42);
    const primary = await failing({
      status: 403,
      body: { message: 'API rate limit exceeded' },
      headers: {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120),
      },
    });
    expect(primary).toBeInstanceOf(TargetRateLimitedError);
    expect((primary as TargetRateLimitedError).retryAfterSeconds).toBeGreaterThan(100);
    const unavailable = await failing({
      body: {
        data: { node: null },
        errors: [
          {
            type: 'SERVICE_UNAVAILABLE',
            message: 'GitHub Enterprise Importer is currently unavailable. Please try again later.',
          },
        ],
      },
    });
    expect(unavailable).toBeInstanceOf(TargetUnavailableError);
    expect(await failing({ status: 401, body: { message: 'Bad credentials' } })).toBeInstanceOf(
      TargetCredentialError,
    );
  });

  it('a limit one gateway met holds the account: no gateway sends with its token until it has passed', async () => {
    // Issue 46, item 1: after GraphQL RATE_LIMIT with retry-after 60 the next start went 0.4 s later.
    const team = processAccountLimits();
    const sent: string[] = [];
    const gatewayClient = (name: string) =>
      createTargetClient({
        baseUrl: 'https://api.github.com',
        authorization: () => Promise.resolve('Bearer ghp_target'),
        bounds: BOUNDS,
        gate: gateOf(team, targetAccountKey('default')),
        fetch: () => {
          sent.push(name);
          return Promise.resolve(
            Response.json(
              { data: null, errors: [{ type: 'RATE_LIMIT', message: 'secondary' }] },
              { headers: { 'retry-after': '60' } },
            ),
          );
        },
      });
    const [a, b] = [gatewayClient('a'), gatewayClient('b')];
    await expect(a.rateLimit()).rejects.toBeInstanceOf(TargetRateLimitedError);
    const refused = await b.rateLimit().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TargetRateLimitedError);
    expect((refused as TargetRateLimitedError).retryAfterSeconds).toBeGreaterThan(55);
    await expect(a.query('mutation { x }', {})).rejects.toBeInstanceOf(TargetRateLimitedError);
    expect(sent).toEqual(['a']);
  });

  it('spaces one account’s mutations a second apart across clients; reads are not held up', async () => {
    const team = processAccountLimits();
    const slept: number[] = [];
    const client = () =>
      createTargetClient({
        baseUrl: 'https://api.github.com',
        authorization: () => Promise.resolve('Bearer ghp_target'),
        bounds: BOUNDS,
        gate: gateOf(team, targetAccountKey('default')),
        sleep: (ms) => {
          slept.push(ms);
          return new Promise((resolve) => setTimeout(resolve, ms));
        },
        fetch: () => Promise.resolve(Response.json({ data: { rateLimit: RATE } })),
      });
    const [a, b] = [client(), client()];
    await a.query('mutation { x }', {});
    await a.rateLimit();
    expect(slept).toEqual([]);
    await b.query('mutation { y }', {});
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThan(900);
  });

  it('measures a reset against the answer’s own Date (GitHub’s clock), and a faster simulated clock in its time', async () => {
    // Issue 46, item 10: a reset 346 s away on a simulated clock ahead of this machine's was waited as 8,129 s.
    const upstreamNow = Date.now() + 7_783_000;
    const answer = () =>
      Promise.resolve(
        Response.json(
          { data: null, errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] },
          {
            headers: {
              date: new Date(upstreamNow).toUTCString(),
              'x-ratelimit-reset': String(Math.floor(upstreamNow / 1000) + 346),
            },
          },
        ),
      );
    const waitOf = async (clockRate: number) => {
      const error = await createTargetClient({
        baseUrl: 'https://api.github.com',
        authorization: () => Promise.resolve('Bearer ghp_target'),
        bounds: BOUNDS,
        clockRate,
        fetch: answer,
      })
        .rateLimit()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TargetRateLimitedError);
      return (error as TargetRateLimitedError).retryAfterSeconds;
    };
    const real = await waitOf(1);
    expect(real).toBeGreaterThanOrEqual(345);
    expect(real).toBeLessThanOrEqual(348);
    expect(await waitOf(600)).toBe(1);
  });

  it('tells its caller before each request leaves, after any hold: one whose answer never comes is counted', async () => {
    // Issue 46, item 8: a request whose answer died with a killed gateway was lost from the move's count.
    const order: string[] = [];
    const team = processAccountLimits();
    const client = createTargetClient({
      baseUrl: 'https://api.github.com',
      authorization: () => Promise.resolve('Bearer ghp_target'),
      bounds: BOUNDS,
      gate: gateOf(team, targetAccountKey('default')),
      beforeSend: () => Promise.resolve(void order.push('counted')),
      fetch: () => {
        order.push('sent');
        return new Promise<Response>(() => undefined);
      },
    });
    const unanswered = client.query('mutation { x }', {}).catch((error: unknown) => error);
    await vi.waitFor(() => expect(order).toEqual(['counted', 'sent']));
    expect(await unanswered).toBeInstanceOf(UpstreamFailureError);
    // Held: neither sent nor counted.
    await team.hold(targetAccountKey('default'), 60_000);
    await expect(client.rateLimit()).rejects.toBeInstanceOf(TargetRateLimitedError);
    expect(order).toEqual(['counted', 'sent']);
  });

  it("claims the team's write slot last, after the count and the token: nothing slow between the claim and the wire", async () => {
    // The move-team bench: a claim made before the count (which waits on the move's row) let two gateways'
    // starts reach GitHub 0.74 s apart.
    const order: string[] = [];
    const team = processAccountLimits();
    const gate = gateOf(team, targetAccountKey('default'));
    const client = createTargetClient({
      baseUrl: 'https://api.github.com',
      authorization: () => Promise.resolve(void order.push('token')).then(() => 'Bearer ghp_target'),
      bounds: BOUNDS,
      gate: {
        ...gate,
        claimWrite: (spacing) => (order.push(`claim ${spacing}`), gate.claimWrite(spacing)),
      },
      beforeSend: () => Promise.resolve(void order.push('counted')),
      fetch: () => {
        order.push('sent');
        return Promise.resolve(Response.json({ data: { x: true } }));
      },
    });
    await client.query('mutation { x }', {}).catch(() => undefined);
    // GitHub's second between writes, and a margin for the way from the store's clock to GitHub's door.
    expect(order).toEqual(['token', 'counted', `claim ${1_000 + SLOT_MARGIN_MS}`, 'sent']);
  });

  it('names what a wait is for: the side and GitHub’s limit (a spent budget, a secondary limit, a hold)', async () => {
    const team = processAccountLimits();
    const answering = (body: unknown, init?: ResponseInit) =>
      createTargetClient({
        baseUrl: 'https://ghes.example/api',
        authorization: () => Promise.resolve('Bearer ghp_source'),
        bounds: BOUNDS,
        side: 'the source',
        gate: gateOf(team, 'user:validator'),
        fetch: () => Promise.resolve(Response.json(body, init)),
      });
    const spent = await answering({ errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded.' }] })
      .query('query { x }', {})
      .catch((error: unknown) => error);
    expect(spent).toMatchObject({ waitingFor: 'the source’s GraphQL budget' });
    const held = await answering({ data: {} })
      .query('query { x }', {})
      .catch((error: unknown) => error);
    expect(held).toMatchObject({ waitingFor: 'the source’s account, held for the team' });
  });

  it('answers HTML, a malformed answer, a huge one or a silent one as the target’s failure, bounded', async () => {
    const failing = async (answer: () => Answer | Promise<never>) =>
      clientAnswering(answer)
        .client.organization('octo-target')
        .catch((e: unknown) => e);
    expect(await failing(() => ({ status: 502, body: '<html>bad gateway</html>' }))).toBeInstanceOf(
      UpstreamFailureError,
    );
    expect(await failing(() => ({ body: { data: { org: { ...ORG, databaseId: 'x' } } } }))).toBeInstanceOf(
      UpstreamFailureError,
    );
    expect(await failing(() => ({ body: { data: 'nope' } }))).toBeInstanceOf(UpstreamFailureError);
    expect(
      await failing(() => ({ body: { data: null, errors: [{ message: 'x'.repeat(100_000) }] } })),
    ).toBeInstanceOf(UpstreamFailureError);
    const started = Date.now();
    expect(await failing(() => new Promise<never>(() => undefined))).toBeInstanceOf(UpstreamFailureError);
    expect(Date.now() - started).toBeLessThan(2_000);
    const other = await clientAnswering(() => ({
      body: { data: { n0: null }, errors: [{ type: 'FORBIDDEN', path: ['n0'], message: 'no' }] },
    }))
      .client.takenNames('o', ['a'])
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(TargetGraphqlError);
  });

  it('says a failure is GitHub’s, of its side, with the status GitHub answered (its 503 is not Ferry’s)', async () => {
    const refused = await clientAnswering(() => ({ status: 503, body: { message: 'Service Unavailable' } }))
      .client.organization('octo-target')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamFailureError);
    expect((refused as UpstreamFailureError).failure).toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
      upstreamStatus: 503,
      side: 'target',
    });
    const unreadable = await clientAnswering(() => ({ body: { data: 'nope' } }))
      .client.organization('octo-target')
      .catch((e: unknown) => e);
    expect((unreadable as UpstreamFailureError).failure.side).toBe('target');
  });
});
