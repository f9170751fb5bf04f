/**
 * The GitHub simulator against GitHub's own OpenAPI description (the vendored subset; see README.md here).
 *
 * To cover a new operation: add entries to CASES (one per status you want pinned), remove the operation from
 * NOT_YET_SIMULATED, and, if its answers need a documented spec relaxation, add it to RELAXATIONS or
 * UNDECLARED_STATUSES in openapi-harness.ts.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/server/allow-list';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { SIM_APP } from '@/simulator/github/apps';
import { appJwt } from '@/testing/app-jwt';
import { GITHUB_APP_OPERATIONS, GITHUB_GATEWAY_WRITES } from '@/contracts/github/operations';
import { SOURCE_INVENTORY_OPERATIONS } from '@/contracts/github/inventory-operations';
import { SIGN_IN_OPERATIONS } from '@/contracts/github/sign-in-operations';
import { TARGET_SETTLING_OPERATIONS } from '@/contracts/github/settling-operations';
import { TARGET_OPERATIONS } from '@/contracts/github/target-operations';
import type { Scenario } from '@/simulator/github/state';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import {
  declaredStatuses,
  expectMatchesOperation,
  expectMatchesSchema,
  expectStatusDeclared,
  findOperation,
  openApiPath,
  operationIds,
  responseSchemaFor,
  statusStanding,
  subset,
  undeclaredProperties,
  undeclaredPropertiesOfSchema,
  validateResponse,
  validateSchema,
} from './openapi-harness';

const BASE = 'http://sim.test/api/v3';
/** GitHub's full description (13 MB), from the devDependency `@octokit/openapi`. */
const FULL_DESCRIPTION =
  process.env.OPENAPI_JSON ??
  createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const BAD_TOKEN = 'sim-token-bad-FAKE';

interface Call {
  method?: string;
  /** Relative to /api/v3, with the query string, e.g. `/user/repos?per_page=2`. */
  path: string;
  /** Defaults to octocat's token; `null` sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
}

interface Answer {
  response: Response;
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

async function call(
  sim: Simulator,
  { method = 'GET', path, token = SIM_TOKENS.octocat, headers = {}, body }: Call,
): Promise<Answer> {
  const init: RequestInit = {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const response = await sim.fetch(new Request(`${BASE}${path}`, init));
  const text = await response.text();
  if (text !== '')
    expect(response.headers.get('content-type') ?? '', `${method} ${path} content-type`).toMatch(/json/);
  return { response, status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

function simulator(scenario: Scenario = 'quiet'): Simulator {
  return createSimulator({ speed: 0, scenario });
}

/** Parse a `Link` header into rel → URL. */
function links(header: string | null): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match?.[1] && match[2]) found[match[2]] = match[1];
  }
  return found;
}

function exhaustCore(sim: Simulator, token: string = SIM_TOKENS.octocat) {
  sim.github().limiter.exhaust(token, 'core', sim.clock.now());
}

// -----------------------------------------------------------------------------------------------------------------
// One request, one operation, one status: the body must match what the description declares for that status.

/**
 * Properties the simulator sends in success bodies that the description does not declare (undeclaredProperties in
 * the harness); any other undeclared property fails. Keep each one explained.
 */
const KNOWN_UNDECLARED: Partial<Record<string, readonly string[]>> = {
  // The simulator models an `audit_log` bucket (src/simulator/github/rate-limits.ts); the description's
  // `rate-limit-overview.resources` does not list it (§1.6.13 lists the optional buckets it does declare).
  'rate-limit/get': ['/resources/audit_log'],
  // List items come from the simulator's minimal-repository factory; these two are declared by
  // `minimal-repository` but not by `repository`, which is what this operation declares.
  'repos/list-for-authenticated-user': ['/*/network_count', '/*/subscribers_count'],
  // The list's inlined simple-user is an older copy without `user_view_type` (the component declares it).
  'apps/list-installations': ['/*/account/user_view_type'],
};

/** The body must match the description, and carry no undeclared properties beyond KNOWN_UNDECLARED. */
function expectContract(operationId: string, status: number, body: unknown) {
  const undeclared = status >= 200 && status < 300 ? (KNOWN_UNDECLARED[operationId] ?? []) : [];
  expectMatchesOperation(operationId, status, body, { undeclared });
}

interface ContractCase {
  name: string;
  operationId: string;
  request: Call;
  status: number;
  scenario?: Scenario;
  /** Runs on the fresh simulator before the request. */
  setup?: (sim: Simulator) => void;
  /** Further assertions beyond the schema (the values that matter to Ferry). */
  check?: (answer: Answer, sim: Simulator) => void;
}

const CASES: ContractCase[] = [
  // The App's own routes (the gateway mints installation tokens with its JWT)
  {
    name: 'the App’s installations',
    operationId: 'apps/list-installations',
    request: { path: '/app/installations', token: appJwt() },
    status: 200,
    check: ({ body }) => expect((body as { id: number }[])[0]?.id).toBe(SIM_APP.installationId),
  },
  {
    name: 'one installation',
    operationId: 'apps/get-installation',
    request: { path: `/app/installations/${SIM_APP.installationId}`, token: appJwt() },
    status: 200,
  },
  {
    name: 'an installation that is not the App’s',
    operationId: 'apps/get-installation',
    request: { path: '/app/installations/1', token: appJwt() },
    status: 404,
  },
  {
    name: 'an installation access token',
    operationId: 'apps/create-installation-access-token',
    request: {
      method: 'POST',
      path: `/app/installations/${SIM_APP.installationId}/access_tokens`,
      token: appJwt(),
    },
    status: 201,
    check: ({ body }) => expect((body as { token: string }).token).toMatch(/^ghs_/),
  },
  {
    name: 'an access token asked with an expired JWT',
    operationId: 'apps/create-installation-access-token',
    request: {
      method: 'POST',
      path: `/app/installations/${SIM_APP.installationId}/access_tokens`,
      token: appJwt({ iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 300 }),
    },
    status: 401,
  },
  // rate-limit/get
  {
    name: 'rate limit overview',
    operationId: 'rate-limit/get',
    request: { path: '/rate_limit' },
    status: 200,
    check: ({ body }) => {
      const overview = body as {
        rate: unknown;
        resources: Record<string, { limit: number; remaining: number }>;
      };
      expect(overview.resources.core?.limit).toBe(5000);
      expect(overview.resources.search?.limit).toBe(30);
      // API version 2022-11-28 still sends the deprecated `rate`, mirroring `core` (github-api.md §1.7).
      expect(overview.rate).toEqual(overview.resources.core);
    },
  },
  {
    name: 'rate limit overview while the core budget is spent (does not count, still 200)',
    operationId: 'rate-limit/get',
    request: { path: '/rate_limit' },
    status: 200,
    setup: (sim) => exhaustCore(sim),
    check: ({ body }) =>
      expect((body as { resources: { core: { remaining: number } } }).resources.core.remaining).toBe(0),
  },
  {
    name: 'rate limit on a server with rate limiting disabled',
    operationId: 'rate-limit/get',
    scenario: 'rate-limit-disabled',
    request: { path: '/rate_limit' },
    status: 404,
    check: ({ body, response }) => {
      expect(body).toMatchObject({ message: 'Rate limiting is not enabled.' });
      // A client must be able to tell it apart from an overview.
      expect(validateSchema('rate-limit-overview', body).valid).toBe(false);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    },
  },
  {
    name: 'rate limit with a bad token',
    operationId: 'rate-limit/get',
    request: { path: '/rate_limit', token: BAD_TOKEN },
    status: 401,
    check: ({ body }) => expect(body).toMatchObject({ message: 'Bad credentials' }),
  },

  // users/get-authenticated
  {
    name: 'the authenticated user',
    operationId: 'users/get-authenticated',
    request: { path: '/user' },
    status: 200,
    check: ({ body }) => {
      expect(body).toMatchObject({ login: 'octocat', type: 'User', user_view_type: 'private' });
      // With the mapping enforced, the same body claiming to be a public view must fail.
      expect(
        validateResponse('users/get-authenticated', 200, { ...(body as object), user_view_type: 'public' })
          .valid,
      ).toBe(false);
    },
  },
  {
    name: 'the authenticated user on a server with rate limiting disabled',
    operationId: 'users/get-authenticated',
    scenario: 'rate-limit-disabled',
    request: { path: '/user' },
    status: 200,
  },
  {
    name: 'the authenticated user with a bad token',
    operationId: 'users/get-authenticated',
    request: { path: '/user', token: BAD_TOKEN },
    status: 401,
    check: ({ body }) => expect(body).toMatchObject({ message: 'Bad credentials' }),
  },
  {
    name: 'the authenticated user without a token',
    operationId: 'users/get-authenticated',
    request: { path: '/user', token: null },
    status: 401,
    check: ({ body }) => expect(body).toMatchObject({ message: 'Requires authentication' }),
  },
  {
    name: 'the authenticated user when the primary limit is spent',
    operationId: 'users/get-authenticated',
    request: { path: '/user' },
    status: 403,
    setup: (sim) => exhaustCore(sim),
    check: ({ body, response }) => {
      expect((body as { message: string }).message).toMatch(/^API rate limit exceeded/);
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    },
  },

  // orgs/list-for-authenticated-user
  {
    name: 'my organizations',
    operationId: 'orgs/list-for-authenticated-user',
    request: { path: '/user/orgs' },
    status: 200,
    check: ({ body }) => expect((body as { login: string }[]).map((org) => org.login)).toEqual(['octo-org']),
  },
  {
    name: 'my organizations without a token',
    operationId: 'orgs/list-for-authenticated-user',
    request: { path: '/user/orgs', token: null },
    status: 401,
  },

  // repos/list-for-authenticated-user
  {
    name: 'my repositories',
    operationId: 'repos/list-for-authenticated-user',
    request: { path: '/user/repos' },
    status: 200,
    check: ({ body }) => expect((body as unknown[]).length).toBeGreaterThan(0),
  },
  {
    name: 'my repositories without a token',
    operationId: 'repos/list-for-authenticated-user',
    request: { path: '/user/repos', token: null },
    status: 401,
  },

  // repos/list-for-org
  {
    name: 'an organization’s repositories (member sees private ones)',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/octo-org/repos?per_page=100' },
    status: 200,
    check: ({ body }) => expect((body as { private: boolean }[]).some((repo) => repo.private)).toBe(true),
  },
  {
    name: 'an organization’s repositories, anonymously (public only)',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/octo-org/repos?per_page=100', token: null },
    status: 200,
    check: ({ body }) => {
      expect((body as unknown[]).length).toBeGreaterThan(0);
      expect((body as { private: boolean }[]).every((repo) => !repo.private)).toBe(true);
    },
  },
  {
    name: 'an unknown organization',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/no-such-org/repos' },
    status: 404,
    check: ({ body }) => expect(body).toMatchObject({ message: 'Not Found' }),
  },
  {
    name: 'a user is not an organization',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/octocat/repos' },
    status: 404,
  },
  {
    name: 'an organization’s repositories with a bad token',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/octo-org/repos', token: BAD_TOKEN },
    status: 401,
  },
  {
    name: 'an organization’s repositories when the primary limit is spent',
    operationId: 'repos/list-for-org',
    request: { path: '/orgs/octo-org/repos' },
    status: 403,
    setup: (sim) => exhaustCore(sim),
  },
];

/**
 * Allow-listed operations the simulator does not answer yet (they fall through to its generic 404). When an
 * operation gets a route, this list's test fails until the operation moves to CASES.
 */
const NOT_YET_SIMULATED = new Set<string>([]);

/** Simulated operations whose contract cases live in their own file, not in CASES. */
const COVERED_ELSEWHERE = new Set([
  // tests/contract/simulator-migrations.test.ts
  ...['list-for-org', 'start-for-org', 'get-status-for-org', 'download-archive-for-org'].map(
    (id) => `migrations/${id}`,
  ),
  ...['delete-archive-for-org', 'unlock-repo-for-org', 'list-repos-for-org'].map((id) => `migrations/${id}`),
  ...[
    'list-for',
    'start-for',
    'get-status-for',
    'get-archive-for',
    'delete-archive-for',
    'unlock-repo-for',
    'list-repos-for',
  ].map((prefix) => `migrations/${prefix}-authenticated-user`),
  // tests/contract/simulator-imports.test.ts
  ...['get-import-status', 'start-import', 'update-import', 'cancel-import'].map((id) => `migrations/${id}`),
  ...['get-commit-authors', 'map-commit-author', 'get-large-files', 'set-lfs-preference'].map(
    (id) => `migrations/${id}`,
  ),
]);

const GITHUB_OPERATIONS = OPERATIONS.filter((operation) => operation.upstream === 'github');

/** A concrete path for an allow-list template, with seeded names. */
const SAMPLE_PARAMS: Record<string, string> = {
  org: 'octo-org',
  owner: 'octo-org',
  repo: 'hello-world',
  repo_name: 'hello-world',
  migration_id: '1',
  author_id: '1',
};
function samplePath(template: string): string {
  return '/' + template.replace(/\{(\w+):\w+\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
}

describe('simulator answers match GitHub’s OpenAPI description', () => {
  it.each(CASES.map((contractCase) => [contractCase.name, contractCase] as const))(
    '%s',
    async (_, contractCase) => {
      const sim = simulator(contractCase.scenario);
      contractCase.setup?.(sim);
      const answer = await call(sim, contractCase.request);
      expect(answer.status, JSON.stringify(answer.body)?.slice(0, 200)).toBe(contractCase.status);
      expectContract(contractCase.operationId, answer.status, answer.body);
      contractCase.check?.(answer, sim);
    },
  );

  it('every simulated allow-listed operation has a success case and every case names a subset operation', () => {
    for (const contractCase of CASES)
      expect(findOperation(contractCase.operationId), contractCase.operationId).toBeDefined();
    const covered = new Set(CASES.filter((c) => c.status >= 200 && c.status < 300).map((c) => c.operationId));
    for (const operation of GITHUB_OPERATIONS) {
      if (NOT_YET_SIMULATED.has(operation.id) || COVERED_ELSEWHERE.has(operation.id)) continue;
      expect(covered, `${operation.id} has no 2xx contract case`).toContain(operation.id);
    }
  });

  it.each([...NOT_YET_SIMULATED])('%s is not simulated yet (move it to CASES once it is)', async (id) => {
    const operation = GITHUB_OPERATIONS.find((candidate) => candidate.id === id);
    expect(operation, `${id} is not a github operation of the allow-list`).toBeDefined();
    if (!operation) return;
    const sim = simulator();
    const answer = await call(sim, {
      method: operation.method,
      path: samplePath(operation.path),
      headers: { accept: 'application/vnd.github.wyandotte-preview+json' },
      body: ['POST', 'PUT', 'PATCH'].includes(operation.method) ? {} : undefined,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: 'Not Found' });
  });
});

describe('pagination', () => {
  const PAGED = [
    { operationId: 'repos/list-for-org', path: '/orgs/octo-org/repos', perPage: 5 },
    { operationId: 'repos/list-for-authenticated-user', path: '/user/repos', perPage: 2 },
    { operationId: 'orgs/list-for-authenticated-user', path: '/user/orgs', perPage: 1 },
  ];

  it.each(PAGED)(
    '$operationId: every page matches and the Link header walks the whole list',
    async ({ operationId, path, perPage }) => {
      const sim = simulator();
      const everything = await call(sim, { path: `${path}?per_page=100` });
      expectContract(operationId, everything.status, everything.body);
      const allIds = (everything.body as { id: number }[]).map((item) => item.id);
      const expectedPages = Math.max(1, Math.ceil(allIds.length / perPage));

      const seen: number[] = [];
      let next: string | undefined = `${path}?per_page=${perPage}`;
      let pages = 0;
      while (next) {
        const page = await call(sim, { path: next });
        pages += 1;
        expect(page.status).toBe(200);
        expectContract(operationId, page.status, page.body);
        const items = page.body as { id: number }[];
        expect(items.length).toBeLessThanOrEqual(perPage);
        seen.push(...items.map((item) => item.id));
        const rels = links(page.response.headers.get('link'));
        if (pages > 1) expect(rels).toHaveProperty('prev');
        if (pages < expectedPages)
          expect(new URL(rels.last ?? '').searchParams.get('page')).toBe(String(expectedPages));
        next = rels.next
          ? new URL(rels.next).pathname.replace('/api/v3', '') + new URL(rels.next).search
          : undefined;
        expect(pages).toBeLessThanOrEqual(expectedPages);
      }
      expect(pages).toBe(expectedPages);
      expect(seen).toEqual(allIds);
    },
  );

  it('the list operations declare the Link header the simulator sends', () => {
    for (const { operationId } of PAGED) {
      const response = findOperation(operationId)?.operation.responses['200'] as
        { headers?: Record<string, unknown> } | undefined;
      expect(Object.keys(response?.headers ?? {}), operationId).toContain('Link');
    }
  });
});

describe('conditional requests', () => {
  it.each([
    ['rate-limit/get', '/rate_limit'],
    ['users/get-authenticated', '/user'],
    ['orgs/list-for-authenticated-user', '/user/orgs'],
    ['repos/list-for-authenticated-user', '/user/repos'],
    ['repos/list-for-org', '/orgs/octo-org/repos'],
  ])('%s answers 304 with no body to a matching If-None-Match', async (operationId, path) => {
    const sim = simulator();
    const first = await call(sim, { path });
    const etag = first.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await call(sim, { path, headers: { 'if-none-match': etag ?? '' } });
    expect(second.status).toBe(304);
    expectContract(operationId, 304, second.body);
    // repos/list-for-org is the one that does not declare 304 (accepted via UNDECLARED_STATUSES).
    expect(statusStanding(operationId, 304)?.declared).toBe(operationId !== 'repos/list-for-org');
  });
});

describe('the harness itself', () => {
  it('rejects bodies that break the schema', () => {
    const good = { limit: 5000, remaining: 4999, reset: 1_700_000_000, used: 1 };
    expectMatchesSchema('rate-limit', good);
    expect(validateSchema('rate-limit', { ...good, remaining: '4999' }).valid).toBe(false);
    expect(validateSchema('rate-limit', { limit: 5000 }).valid).toBe(false);
    expect(validateResponse('rate-limit/get', 200, { resources: { core: good } }).valid).toBe(false); // `rate` is required
    expect(validateResponse('rate-limit/get', 304, { message: 'x' }).valid).toBe(false); // 304 has no body
    expect(validateSchema('basic-error', { message: 'Not Found', status: 404 }).valid).toBe(false); // status is a string
  });

  it('honours nullable and formats', () => {
    const org = {
      login: 'o',
      id: 1,
      node_id: 'x',
      url: 'https://api.github.com/orgs/o',
      repos_url: 'https://x.test/r',
      events_url: 'https://x.test/e',
      hooks_url: 'https://x.test/h',
      issues_url: 'https://x.test/i',
      members_url: 'https://x.test/m',
      public_members_url: 'https://x.test/p',
      avatar_url: 'https://x.test/a',
      description: null,
    };
    expectMatchesSchema('organization-simple', org); // description is `nullable: true`
    expect(validateSchema('organization-simple', { ...org, description: 3 }).valid).toBe(false);
    expect(validateSchema('organization-simple', { ...org, url: 'not a uri' }).valid).toBe(false);
    expect(validateSchema('nullable-simple-user', null).valid).toBe(true);
  });

  it('finds properties the schema does not declare', () => {
    const user = {
      login: 'o',
      id: 1,
      node_id: 'x',
      avatar_url: 'https://x.test/a',
      gravatar_id: '',
      url: 'https://x.test/u',
      html_url: 'https://x.test/h',
      followers_url: 'https://x.test/f',
      following_url: 'https://x.test/g',
      gists_url: 'https://x.test/gi',
      starred_url: 'https://x.test/s',
      subscriptions_url: 'https://x.test/su',
      organizations_url: 'https://x.test/o',
      repos_url: 'https://x.test/r',
      events_url: 'https://x.test/e',
      received_events_url: 'https://x.test/re',
      type: 'User',
      site_admin: false,
    };
    expectMatchesSchema('simple-user', user);
    expect(undeclaredPropertiesOfSchema('simple-user', user)).toEqual([]);
    expect(undeclaredPropertiesOfSchema('simple-user', { ...user, favourite_colour: 'teal' })).toEqual([
      '/favourite_colour',
    ]);
    const overview = { limit: 1, remaining: 1, reset: 1, used: 0 };
    expect(
      undeclaredProperties('rate-limit/get', 200, {
        rate: { ...overview, typo: 1 },
        resources: { core: overview, search: overview, nope: overview },
      }),
    ).toEqual(['/rate/typo', '/resources/nope']);
    expect(() =>
      expectMatchesOperation('rate-limit/get', 200, {
        rate: overview,
        resources: { core: overview, search: overview, nope: overview },
      }),
    ).toThrow(/do(es)? not declare/);
  });

  it('knows which statuses are declared', () => {
    expect(declaredStatuses('rate-limit/get').sort()).toEqual([200, 304, 404]);
    expectStatusDeclared('users/get-authenticated', 401);
    expect(statusStanding('rate-limit/get', 401)).toMatchObject({ declared: false });
    expect(statusStanding('rate-limit/get', 422)).toBeUndefined();
    expect(statusStanding('users/get-authenticated', 404)).toBeUndefined(); // no path parameter to be missing
    expect(statusStanding('migrations/list-for-org', 415)).toMatchObject({ declared: false }); // preview operation
    expect(statusStanding('migrations/start-for-org', 415)).toBeUndefined(); // not a preview operation
    expect(() => validateResponse('rate-limit/get', 422, {})).toThrow(/does not declare 422/);
    expect(responseSchemaFor('rate-limit/get', 304)).toBeUndefined();
    expect(responseSchemaFor('rate-limit/get', 200)).toEqual({
      $ref: '#/components/schemas/rate-limit-overview',
    });
  });
});

describe('the subset and the gateway allow-list agree', () => {
  it('records where it came from', () => {
    const source = subset['x-ferry-source'];
    expect(source).toEqual({
      package: '@octokit/openapi',
      version: source?.version,
      file: 'generated/api.github.com.json',
      license: 'MIT',
      extractedBy: 'scripts/extract-openapi-subset.mjs',
    });
    expect(source?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(subset.openapi).toMatch(/^3\.0\./);
  });

  it.each(GITHUB_OPERATIONS.map((operation) => [operation.id, operation] as const))(
    '%s is in the subset with the same method and path',
    (id, operation) => {
      const found = findOperation(id);
      expect(found, `${id} missing: re-run npm run contract:extract`).toBeDefined();
      expect(found?.method).toBe(operation.method);
      expect(found?.path).toBe(openApiPath(operation.path));
    },
  );

  it('holds exactly the allow-listed github operations, the target GitHub.com’s REST reads and settling, the inventory’s and a sign-in’s', () => {
    // The settling's reads include some of the inventory's (each GitHub serves them): counted once.
    const listed = new Set<string>(
      [
        ...GITHUB_OPERATIONS,
        ...GITHUB_APP_OPERATIONS,
        ...GITHUB_GATEWAY_WRITES,
        ...TARGET_OPERATIONS,
        ...SOURCE_INVENTORY_OPERATIONS,
        ...SIGN_IN_OPERATIONS,
        ...TARGET_SETTLING_OPERATIONS,
      ].map((operation) => operation.id),
    );
    expect(operationIds().sort()).toEqual([...listed].sort());
    // None of the target's reads is a gateway operation unless the allow-list says so.
    const gateway = new Set<string>(GITHUB_OPERATIONS.map((operation) => operation.id));
    expect(TARGET_OPERATIONS.filter((operation) => gateway.has(operation.id))).toEqual([]);
    // The gateway's own writes are never forwarded for a browser.
    expect(GITHUB_GATEWAY_WRITES.filter((operation) => gateway.has(operation.id))).toEqual([]);
    // Nor are the inventory's reads (the gateway makes them itself).
    expect(SOURCE_INVENTORY_OPERATIONS.filter((operation) => gateway.has(operation.id))).toEqual([]);
    // Nor are a sign-in's (made with the person's own token, server-side).
    expect(SIGN_IN_OPERATIONS.filter((operation) => gateway.has(operation.id))).toEqual([]);
    // Nor is what a move settles on the target (the gateway sends it with the move's target credential).
    expect(TARGET_SETTLING_OPERATIONS.filter((operation) => gateway.has(operation.id))).toEqual([]);
  });

  it('is $ref-closed', () => {
    const refs = JSON.stringify(subset).match(/"#\/components\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const [, section = '', name = ''] = (JSON.parse(ref) as string).split('/').slice(1);
      expect(subset.components[section]?.[name], ref).toBeDefined();
    }
  });

  // The full description comes with the devDependency @octokit/openapi (OPENAPI_JSON overrides it): the subset is
  // exactly what the script extracts from it, so validating against the subset is validating against the full
  // description for these operations, every referenced schema included.
  it('is what the extraction script produces from the full description (@octokit/openapi)', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'ferry-openapi-'));
    try {
      const out = join(dir, 'subset.json');
      execFileSync(
        process.execPath,
        [join(root, 'scripts/extract-openapi-subset.mjs'), FULL_DESCRIPTION, '--out', out],
        { stdio: 'pipe' },
      );
      expect(readFileSync(out, 'utf8')).toBe(
        readFileSync(join(root, 'tests/contract/github-openapi-subset.json'), 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
