/**
 * The migrations simulator (org and user, 14 operations) against GitHub's OpenAPI description: every status the
 * simulator answers, with its body checked by the harness (schema plus no undeclared properties).
 */
import { describe, expect, it } from 'vitest';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import { expectMatchesOperation, statusStanding } from './openapi-harness';

const BASE = 'http://sim.test/api/v3';
const PREVIEW = 'application/vnd.github.wyandotte-preview+json';
/** A token of hubot's without the `repo` scope (user migrations answer 403). */
const NO_SCOPES = 'sim-token-noscopes-FAKE';

interface Call {
  method?: string;
  path: string;
  token?: string | null;
  accept?: string;
  body?: unknown;
  ifNoneMatch?: string;
}

async function call(
  sim: Simulator,
  { method = 'GET', path, token = SIM_TOKENS.octocat, accept = PREVIEW, body, ifNoneMatch }: Call,
) {
  const headers = new Headers({ accept });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (ifNoneMatch) headers.set('if-none-match', ifNoneMatch);
  const response = await sim.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  // A 302's body is the archive's URL as text (GHES's), not JSON.
  const json = text !== '' && response.headers.get('content-type')?.includes('json');
  return { response, status: response.status, body: json ? (JSON.parse(text) as unknown) : undefined };
}

/** A simulator with one org migration (id 1, locked, exported) and one user migration (id 2, exported). */
async function world() {
  const sim = createSimulator({ speed: 0, scenario: 'quiet' });
  sim.github().world.tokens.set(NO_SCOPES, { login: 'hubot', scopes: [] });
  await call(sim, {
    method: 'POST',
    path: '/orgs/octo-org/migrations',
    body: { repositories: ['hello-world', 'docs'], lock_repositories: true },
  });
  await call(sim, {
    method: 'POST',
    path: '/user/migrations',
    body: { repositories: ['dotfiles'], lock_repositories: true },
  });
  sim.advance(120);
  return sim;
}

interface Case {
  name: string;
  operationId: string;
  request: Call;
  status: number;
  check?: (body: unknown, response: Response) => void;
}

const ORG = '/orgs/octo-org/migrations';
const USER = '/user/migrations';

const CASES: Case[] = [
  // migrations/list-for-org
  {
    name: 'org list',
    operationId: 'migrations/list-for-org',
    request: { path: ORG },
    status: 200,
    check: (body) => expect(body).toHaveLength(1),
  },
  {
    name: 'org list without repositories',
    operationId: 'migrations/list-for-org',
    request: { path: `${ORG}?exclude=repositories` },
    status: 200,
  },
  {
    name: 'org list by a member who is not an owner',
    operationId: 'migrations/list-for-org',
    request: { path: ORG, token: SIM_TOKENS.hubot },
    status: 404,
  },
  {
    name: 'org list with today’s media type (no preview needed)',
    operationId: 'migrations/list-for-org',
    request: { path: ORG, accept: 'application/vnd.github+json' },
    status: 200,
  },
  {
    name: 'org list anonymously',
    operationId: 'migrations/list-for-org',
    request: { path: ORG, token: null },
    status: 401,
  },
  // migrations/start-for-org
  {
    name: 'org start',
    operationId: 'migrations/start-for-org',
    request: { method: 'POST', path: ORG, body: { repositories: ['octo-api'], exclude_attachments: true } },
    status: 201,
    check: (body) => expect(body).toMatchObject({ state: 'pending', exclude_attachments: true }),
  },
  {
    name: 'org start with an unknown repository',
    operationId: 'migrations/start-for-org',
    request: { method: 'POST', path: ORG, body: { repositories: ['nope'] } },
    status: 422,
  },
  {
    name: 'org start by a non-owner',
    operationId: 'migrations/start-for-org',
    request: { method: 'POST', path: ORG, token: SIM_TOKENS.hubot, body: { repositories: ['docs'] } },
    status: 404,
  },
  // migrations/get-status-for-org
  {
    name: 'org status',
    operationId: 'migrations/get-status-for-org',
    request: { path: `${ORG}/1` },
    status: 200,
    check: (body) => expect(body).toMatchObject({ state: 'exported' }),
  },
  {
    name: 'org status of an unknown migration',
    operationId: 'migrations/get-status-for-org',
    request: { path: `${ORG}/99` },
    status: 404,
  },
  // migrations/download-archive-for-org
  {
    name: 'org archive',
    operationId: 'migrations/download-archive-for-org',
    request: { path: `${ORG}/1/archive` },
    status: 302,
    check: (_, response) =>
      expect(response.headers.get('location')).toMatch(/^http:\/\/sim\.test:81\/_storage\/migrations\/1\//),
  },
  {
    name: 'org archive of an unknown migration',
    operationId: 'migrations/download-archive-for-org',
    request: { path: `${ORG}/99/archive` },
    status: 404,
  },
  // migrations/delete-archive-for-org
  {
    name: 'org archive delete',
    operationId: 'migrations/delete-archive-for-org',
    request: { method: 'DELETE', path: `${ORG}/1/archive` },
    status: 204,
  },
  {
    name: 'org archive delete, unknown',
    operationId: 'migrations/delete-archive-for-org',
    request: { method: 'DELETE', path: `${ORG}/99/archive` },
    status: 404,
  },
  // migrations/unlock-repo-for-org
  {
    name: 'org unlock',
    operationId: 'migrations/unlock-repo-for-org',
    request: { method: 'DELETE', path: `${ORG}/1/repos/docs/lock` },
    status: 204,
  },
  {
    name: 'org unlock of a repository not in it',
    operationId: 'migrations/unlock-repo-for-org',
    request: { method: 'DELETE', path: `${ORG}/1/repos/octo-api/lock` },
    status: 404,
  },
  // migrations/list-repos-for-org
  {
    name: 'org repositories',
    operationId: 'migrations/list-repos-for-org',
    request: { path: `${ORG}/1/repositories` },
    status: 200,
    check: (body) => expect(body).toHaveLength(2),
  },
  {
    name: 'org repositories, unknown migration',
    operationId: 'migrations/list-repos-for-org',
    request: { path: `${ORG}/99/repositories` },
    status: 404,
  },
  // migrations/list-for-authenticated-user
  {
    name: 'user list',
    operationId: 'migrations/list-for-authenticated-user',
    request: { path: USER },
    status: 200,
    check: (body) => expect(body).toHaveLength(1),
  },
  {
    name: 'user list anonymously',
    operationId: 'migrations/list-for-authenticated-user',
    request: { path: USER, token: null },
    status: 401,
  },
  {
    name: 'user list without the repo scope',
    operationId: 'migrations/list-for-authenticated-user',
    request: { path: USER, token: NO_SCOPES },
    status: 403,
  },
  // migrations/start-for-authenticated-user
  {
    name: 'user start',
    operationId: 'migrations/start-for-authenticated-user',
    request: { method: 'POST', path: USER, body: { repositories: ['Spoon-Knife'] } },
    status: 201,
  },
  {
    name: 'user start with nothing to export',
    operationId: 'migrations/start-for-authenticated-user',
    request: { method: 'POST', path: USER, body: { repositories: [] } },
    status: 422,
  },
  {
    name: 'user start anonymously',
    operationId: 'migrations/start-for-authenticated-user',
    request: { method: 'POST', path: USER, token: null, body: { repositories: ['x'] } },
    status: 401,
  },
  {
    name: 'user start without the repo scope',
    operationId: 'migrations/start-for-authenticated-user',
    request: {
      method: 'POST',
      path: USER,
      token: NO_SCOPES,
      body: { repositories: ['hubot-scripts'] },
    },
    status: 403,
  },
  // migrations/get-status-for-authenticated-user
  {
    name: 'user status',
    operationId: 'migrations/get-status-for-authenticated-user',
    request: { path: `${USER}/2` },
    status: 200,
  },
  {
    name: 'user status of an org migration',
    operationId: 'migrations/get-status-for-authenticated-user',
    request: { path: `${USER}/1` },
    status: 404,
  },
  {
    name: 'user status without the repo scope',
    operationId: 'migrations/get-status-for-authenticated-user',
    request: { path: `${USER}/2`, token: NO_SCOPES },
    status: 403,
  },
  // migrations/get-archive-for-authenticated-user
  {
    name: 'user archive',
    operationId: 'migrations/get-archive-for-authenticated-user',
    request: { path: `${USER}/2/archive` },
    status: 302,
  },
  {
    name: 'user archive anonymously',
    operationId: 'migrations/get-archive-for-authenticated-user',
    request: { path: `${USER}/2/archive`, token: null },
    status: 401,
  },
  {
    name: 'user archive of an unknown migration',
    operationId: 'migrations/get-archive-for-authenticated-user',
    request: { path: `${USER}/99/archive` },
    status: 404,
  },
  // migrations/delete-archive-for-authenticated-user
  {
    name: 'user archive delete',
    operationId: 'migrations/delete-archive-for-authenticated-user',
    request: { method: 'DELETE', path: `${USER}/2/archive` },
    status: 204,
  },
  {
    name: 'user archive delete, unknown',
    operationId: 'migrations/delete-archive-for-authenticated-user',
    request: { method: 'DELETE', path: `${USER}/99/archive` },
    status: 404,
  },
  // migrations/unlock-repo-for-authenticated-user
  {
    name: 'user unlock',
    operationId: 'migrations/unlock-repo-for-authenticated-user',
    request: { method: 'DELETE', path: `${USER}/2/repos/dotfiles/lock` },
    status: 204,
  },
  {
    name: 'user unlock, not locked',
    operationId: 'migrations/unlock-repo-for-authenticated-user',
    request: { method: 'DELETE', path: `${USER}/2/repos/Spoon-Knife/lock` },
    status: 404,
  },
  // migrations/list-repos-for-authenticated-user
  {
    name: 'user repositories',
    operationId: 'migrations/list-repos-for-authenticated-user',
    request: { path: `${USER}/2/repositories` },
    status: 200,
  },
  {
    name: 'user repositories, unknown',
    operationId: 'migrations/list-repos-for-authenticated-user',
    request: { path: `${USER}/99/repositories` },
    status: 404,
  },
];

describe('migration operations match GitHub’s OpenAPI description', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, testCase) => {
    const sim = await world();
    const answer = await call(sim, testCase.request);
    expect(answer.status, JSON.stringify(answer.body)?.slice(0, 200)).toBe(testCase.status);
    // GitHub's 422 bodies now carry `status: "422"` (as the simulator's validationFailed sends it); the
    // description's validation-error does not declare it.
    expectMatchesOperation(testCase.operationId, answer.status, answer.body, {
      undeclared: answer.status === 422 ? ['/status'] : [],
    });
    testCase.check?.(answer.body, answer.response);
  });

  it('covers all fourteen operations with a success case', () => {
    const ids = new Set(CASES.filter((c) => c.status < 400).map((c) => c.operationId));
    expect(ids.size).toBe(14);
  });

  it.each([
    ['migrations/list-for-org', ORG],
    ['migrations/get-status-for-org', `${ORG}/1`],
    ['migrations/list-repos-for-org', `${ORG}/1/repositories`],
    ['migrations/list-for-authenticated-user', USER],
    ['migrations/get-status-for-authenticated-user', `${USER}/2`],
    ['migrations/list-repos-for-authenticated-user', `${USER}/2/repositories`],
  ])('%s answers 304 to a matching If-None-Match', async (operationId, path) => {
    const sim = await world();
    const first = await call(sim, { path });
    const etag = first.response.headers.get('etag') ?? '';
    const second = await call(sim, { path, ifNoneMatch: etag });
    expect(second.status).toBe(304);
    expectMatchesOperation(operationId, 304, second.body);
    expect(statusStanding(operationId, 304)).toBeDefined();
  });

  it('every state the migration passes through matches the schema', async () => {
    const sim = createSimulator({ speed: 0, scenario: 'quiet' });
    const created = await call(sim, { method: 'POST', path: USER, body: { repositories: ['broken-build'] } });
    const seen: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      const answer = await call(sim, { path: `${USER}/${(created.body as { id: number }).id}` });
      expectMatchesOperation('migrations/get-status-for-authenticated-user', 200, answer.body);
      const state = (answer.body as { state: string }).state;
      if (seen.at(-1) !== state) seen.push(state);
      sim.advance(5);
    }
    expect(seen).toEqual(['pending', 'exporting', 'failed']);
  });
});

/**
 * API version 2026-03-10 (GitHub's first with breaking changes): the answers of the migration and rate-limit
 * operations lose the retired fields and keep everything the 2022-11-28 description requires, so one reader serves
 * both (src/contracts/github). The committed description is 2022-11-28's; what the newer one removes is checked
 * as absent.
 */
describe('under API version 2026-03-10', () => {
  const V2026 = { 'x-github-api-version': '2026-03-10' };
  async function versioned(sim: Simulator, path: string, version?: Record<string, string>) {
    const response = await sim.fetch(
      new Request(`${BASE}${path}`, {
        headers: { accept: PREVIEW, authorization: `Bearer ${SIM_TOKENS.octocat}`, ...version },
      }),
    );
    return { response, body: (await response.json()) as unknown };
  }

  it.each([
    ['migrations/get-status-for-org', `${ORG}/1`],
    ['migrations/list-for-org', ORG],
    ['migrations/get-status-for-authenticated-user', `${USER}/2`],
  ])('%s: minimal repositories (no has_downloads), still valid', async (operationId, path) => {
    const sim = await world();
    const old = await versioned(sim, path);
    const next = await versioned(sim, path, V2026);
    expect(next.response.headers.get('x-github-api-version-selected')).toBe('2026-03-10');
    expectMatchesOperation(operationId, 200, next.body, { retired: ['has_downloads'] });
    const repositories = (body: unknown) =>
      (Array.isArray(body) ? body : [body]).flatMap((m) => (m as { repositories: object[] }).repositories);
    expect(repositories(old.body).every((repo) => 'has_downloads' in repo)).toBe(true);
    expect(repositories(next.body).length).toBeGreaterThan(0);
    expect(repositories(next.body).some((repo) => 'has_downloads' in repo)).toBe(false);
  });

  it('rate-limit/get: no top-level rate, every category under resources, still valid', async () => {
    const sim = await world();
    const next = await versioned(sim, '/rate_limit', V2026);
    expect(next.body).not.toHaveProperty('rate');
    expect(next.body).toHaveProperty('resources.core.remaining');
    expectMatchesOperation('rate-limit/get', 200, next.body, {
      undeclared: ['/resources/audit_log'],
      retired: ['rate'],
    });
  });
});
