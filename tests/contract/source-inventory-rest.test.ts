import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { SOURCE_INVENTORY_OPERATIONS } from '@/contracts/github/inventory-operations';
import { repositoryContent } from '@/simulator/github/content/repository-content';
import { gitRefsOf } from '@/simulator/github/migrations/git-data';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import {
  expectMatchesOperation,
  expectMatchesSchema,
  findOperation,
  undeclaredPropertiesOfSchema,
} from './openapi-harness';

/**
 * The source simulator's answers to a pre-move inventory's REST reads (src/contracts/github/inventory-operations.ts)
 * against GitHub's OpenAPI description: a success and an error for each, strict about undeclared fields.
 */
const BASE = 'http://sim.test/api/v3';

async function get(sim: Simulator, path: string, token: string | null = SIM_TOKENS.octocat) {
  const response = await sim.fetch(
    new Request(`${BASE}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
    }),
  );
  const text = await response.text();
  return { response, status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

function headOf(sim: Simulator, name: string): string {
  const repo = sim.github().world.repos.find((r) => r.owner === 'octo-org' && r.name === name);
  if (!repo) throw new Error(`no ${name}`);
  return gitRefsOf(repo, sim.github().archiveBytesPerKb).heads[repositoryContent(repo).defaultBranch] ?? '';
}

interface Case {
  operationId: (typeof SOURCE_INVENTORY_OPERATIONS)[number]['id'];
  path: string | ((sim: Simulator) => string);
  token?: string | null;
  status: number;
  check?: (body: unknown) => void;
}

const length = (n: number) => (body: unknown) => expect(body).toHaveLength(n);

const CASES: Case[] = [
  {
    operationId: 'orgs/list-app-installations',
    path: '/orgs/octo-org/installations',
    status: 200,
    check: (body) => expect(body).toMatchObject({ total_count: 1, installations: [{ app_slug: 'octo-ci' }] }),
  },
  {
    operationId: 'orgs/list-app-installations',
    path: '/orgs/octo-org/installations',
    token: SIM_TOKENS.hubot,
    status: 403,
  },
  { operationId: 'orgs/list-app-installations', path: '/orgs/no-such-org/installations', status: 404 },
  {
    operationId: 'packages/list-packages-for-organization',
    path: '/orgs/octo-org/packages?package_type=container',
    status: 200,
    check: (body) => expect(body).toMatchObject([{ name: 'octo-api', package_type: 'container' }]),
  },
  {
    operationId: 'packages/list-packages-for-organization',
    path: '/orgs/octo-org/packages?package_type=npm',
    token: null,
    status: 401,
  },
  {
    operationId: 'packages/list-packages-for-organization',
    path: '/orgs/no-such-org/packages?package_type=npm',
    status: 404,
  },
  {
    operationId: 'code-scanning/list-alerts-for-org',
    path: '/orgs/octo-org/code-scanning/alerts?state=open&per_page=100',
    status: 200,
    check: length(2),
  },
  {
    operationId: 'code-scanning/list-alerts-for-org',
    path: '/orgs/octo-org/code-scanning/alerts?state=open',
    token: SIM_TOKENS.hubot,
    status: 404,
  },
  {
    operationId: 'secret-scanning/list-alerts-for-org',
    path: '/orgs/octo-org/secret-scanning/alerts?state=open&per_page=100',
    status: 200,
    check: length(1),
  },
  {
    operationId: 'secret-scanning/list-alerts-for-org',
    path: '/orgs/no-such-org/secret-scanning/alerts',
    status: 404,
  },
  { operationId: 'teams/list', path: '/orgs/octo-org/teams', status: 200, check: length(3) },
  // hubot, a member, does not see the secret team.
  {
    operationId: 'teams/list',
    path: '/orgs/octo-org/teams',
    token: SIM_TOKENS.hubot,
    status: 200,
    check: length(2),
  },
  { operationId: 'teams/list', path: '/orgs/no-such-org/teams', status: 404 },
  {
    operationId: 'teams/list-repos-in-org',
    path: '/orgs/octo-org/teams/engineering/repos',
    status: 200,
    check: length(3),
  },
  {
    operationId: 'teams/list-repos-in-org',
    path: '/orgs/octo-org/teams/infra/repos',
    token: SIM_TOKENS.hubot,
    status: 404,
  },
  {
    operationId: 'repos/list-webhooks',
    path: '/repos/octo-org/hello-world/hooks',
    status: 200,
    check: length(1),
  },
  {
    operationId: 'repos/list-webhooks',
    path: '/repos/octo-org/hello-world/hooks',
    token: SIM_TOKENS.hubot,
    status: 404,
  },
  {
    operationId: 'actions/list-repo-secrets',
    path: '/repos/octo-org/billing-service/actions/secrets',
    status: 200,
    check: (body) => expect(body).toMatchObject({ total_count: 2 }),
  },
  {
    operationId: 'actions/list-repo-secrets',
    path: '/repos/octo-org/billing-service/actions/secrets',
    token: SIM_TOKENS.hubot,
    status: 403,
  },
  {
    operationId: 'actions/get-repo-public-key',
    path: '/repos/octo-org/billing-service/actions/secrets/public-key',
    status: 200,
  },
  {
    operationId: 'actions/get-repo-public-key',
    path: '/repos/octo-org/no-such-repo/actions/secrets/public-key',
    status: 404,
  },
  {
    operationId: 'actions/list-repo-variables',
    path: '/repos/octo-org/hello-world/actions/variables',
    status: 200,
    check: (body) => expect(body).toMatchObject({ total_count: 2 }),
  },
  {
    operationId: 'actions/list-repo-variables',
    path: '/repos/octo-org/hello-world/actions/variables',
    token: SIM_TOKENS.hubot,
    status: 403,
  },
  {
    operationId: 'actions/list-self-hosted-runners-for-repo',
    path: '/repos/octo-org/billing-service/actions/runners',
    status: 200,
    check: (body) => expect(body).toMatchObject({ total_count: 1 }),
  },
  {
    operationId: 'actions/list-self-hosted-runners-for-repo',
    path: '/repos/hubot/no-such-repo/actions/runners',
    status: 404,
  },
  {
    operationId: 'git/get-tree',
    path: (sim) => `/repos/octo-org/octo-web/git/trees/${headOf(sim, 'octo-web')}?recursive=1`,
    status: 200,
  },
  { operationId: 'git/get-tree', path: '/repos/octo-org/octo-web/git/trees/main', status: 200 },
  { operationId: 'git/get-tree', path: `/repos/octo-org/octo-web/git/trees/${'0'.repeat(40)}`, status: 404 },
];

describe('the source’s inventory reads match GitHub’s OpenAPI description', () => {
  it.each(CASES.map((c) => [`${c.operationId} ${c.status} ${String(c.path).slice(0, 60)}`, c] as const))(
    '%s',
    async (_, c) => {
      const sim = createSimulator({ speed: 0 });
      const answer = await get(sim, typeof c.path === 'string' ? c.path : c.path(sim), c.token);
      expect(answer.status, JSON.stringify(answer.body)?.slice(0, 300)).toBe(c.status);
      expectMatchesOperation(c.operationId, answer.status, answer.body);
      c.check?.(answer.body);
    },
  );

  it('covers every operation of the table with a success and an error, and each is in the subset', () => {
    for (const operation of SOURCE_INVENTORY_OPERATIONS) {
      expect(findOperation(operation.id), operation.id).toBeDefined();
      const statuses = CASES.filter((c) => c.operationId === operation.id).map((c) => c.status);
      expect(
        statuses.some((status) => status < 300),
        `${operation.id} success`,
      ).toBe(true);
      expect(
        statuses.some((status) => status >= 400),
        `${operation.id} error`,
      ).toBe(true);
    }
  });

  it('pages the organization’s alerts with a Link header the description declares', async () => {
    const sim = createSimulator({ speed: 0 });
    const first = await get(sim, '/orgs/octo-org/code-scanning/alerts?state=open&per_page=1');
    expect(first.body).toHaveLength(1);
    expectMatchesOperation('code-scanning/list-alerts-for-org', 200, first.body);
    expect(first.response.headers.get('link')).toContain('rel="next"');
    const response = findOperation('code-scanning/list-alerts-for-org')?.operation.responses['200'] as
      { headers?: Record<string, unknown> } | undefined;
    expect(Object.keys(response?.headers ?? {})).toContain('Link');
  });
});

describe('tag protection (GitHub Enterprise Server’s description: GitHub.com’s retired it)', () => {
  const ghes = JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/ghes-3.17.json'), 'utf8'),
  ) as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };

  it('is described there as the simulator serves it', () => {
    const operation = ghes.paths['/repos/{owner}/{repo}/tags/protection']?.get;
    expect(operation?.operationId).toBe('repos/list-tag-protection');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '403', '404']);
  });

  it('answers 200 with `tag-protection` items, 403 to a member and 404 for an unknown repository', async () => {
    const sim = createSimulator({ speed: 0 });
    const item = { ...ghes.components.schemas['tag-protection'], additionalProperties: false };
    const validate = new Ajv({ strict: false, allErrors: true }).compile({ type: 'array', items: item });
    const answer = await get(sim, '/repos/octo-org/infra-terraform/tags/protection');
    expect(answer.status).toBe(200);
    expect(validate(answer.body), JSON.stringify(validate.errors)).toBe(true);
    expect(answer.body).toMatchObject([{ id: 51, pattern: 'v*' }]);

    for (const [path, token, status] of [
      ['/repos/octo-org/infra-terraform/tags/protection', SIM_TOKENS.hubot, 403],
      ['/repos/octo-org/no-such-repo/tags/protection', SIM_TOKENS.octocat, 404],
    ] as const) {
      const refused = await get(sim, path, token);
      expect(refused.status).toBe(status);
      expectMatchesSchema('basic-error', refused.body);
      expect(undeclaredPropertiesOfSchema('basic-error', refused.body)).toEqual([]);
    }
  });
});
