import { describe, expect, it } from 'vitest';
import { repositoriesQuery, TEAMS_QUERY } from '@/server/moves/inventory/inventory-queries';
import { MAX_NODES, queryNodeCount } from '@/simulator/graphql/cost';
import { parse, type OperationDefinitionNode } from 'graphql';
import { createSimulator } from '../../simulator';
import { buildBareRepository, gitRefs } from '../content/bare-repository';
import { repositoryContent } from '../content/repository-content';
import { LONG_BRANCH } from '../inventory/repository-resources';
import { gitData, gitRefsOf, paddingBytes } from '../migrations/git-data';
import { SIM_TOKENS } from '../seed';
import type { Scenario } from '../state';

const OCTO_ORG_REPOS = [
  'hello-world',
  'octo-api',
  'octo-web',
  'billing-service',
  'data-pipeline',
  'mobile-ios',
  'mobile-android',
  'infra-terraform',
  'design-system',
  'docs',
  'legacy-monolith',
  'ml-experiments',
  'cli-tools',
  'firmware.v2',
];

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { type?: string; message: string; path?: (string | number)[] }[];
};

interface Connection<T> {
  totalCount: number;
  nodes: T[];
}

interface InventoryRepository {
  name: string;
  hasWikiEnabled: boolean;
  hasDiscussionsEnabled: boolean;
  discussions: { totalCount: number };
  projectsV2: Connection<{ title: string }>;
  deployKeys: Connection<{ title: string; readOnly: boolean }>;
  environments: Connection<{ name: string; protectionRules: { nodes: { type: string }[] } }>;
  rulesets: Connection<{ name: string; target: string; enforcement: string }>;
  collaborators: { totalCount: number; edges: { permission: string; node: { login: string } }[] };
  defaultBranchRef: { name: string; target: { oid: string } };
  gitattributes: { text: string; byteSize: number; isTruncated: boolean } | null;
  heads: Connection<{ name: string }>;
  tags: Connection<{ name: string }>;
}

interface InventoryTeam {
  slug: string;
  name: string;
  privacy: string;
  parentTeam: { slug: string } | null;
  members: { totalCount: number };
  repositories: { totalCount: number; edges: { permission: string; node: { name: string } }[] };
}

function boot(scenario: Scenario = 'quiet') {
  const sim = createSimulator({ speed: 0, scenario });
  const graphql = async (
    query: string,
    variables: Record<string, unknown> = {},
    token: string = SIM_TOKENS.octocat,
  ) => {
    const response = await sim.fetch(
      new Request('http://sim.test/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      }),
    );
    expect(response.status).toBe(200);
    return { response, body: (await response.json()) as Body };
  };
  const repoOf = (owner: string, name: string) => {
    const repo = sim.github().world.repos.find((r) => r.owner === owner && r.name === name);
    if (!repo) throw new Error(`no ${owner}/${name}`);
    return repo;
  };
  return { sim, graphql, repoOf };
}

/** `repositoriesQuery(names.length)` for `owner`'s `names`: its variables and the answer, alias by alias. */
async function inventory(graphql: ReturnType<typeof boot>['graphql'], owner: string, names: string[]) {
  const variables: Record<string, string> = { owner };
  for (const [index, name] of names.entries()) variables[`n${index}`] = name;
  const { response, body } = await graphql(repositoriesQuery(names.length), variables);
  const data = (body.data ?? {}) as Record<string, InventoryRepository | null>;
  return { response, body, repos: names.map((_, index) => data[`r${index}`] ?? null) };
}

async function teams(graphql: ReturnType<typeof boot>['graphql'], org: string, after: string | null = null) {
  const { body } = await graphql(TEAMS_QUERY, { org, after });
  expect(body.errors).toBeUndefined();
  const organization = (body.data as { organization: { teams: unknown } }).organization;
  return organization.teams as {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: InventoryTeam[];
  };
}

describe("the source's GraphQL answers the inventory's repository query", () => {
  it("answers octo-org's 14 repositories with the seeded facts, in one counted request", async () => {
    const { sim, graphql, repoOf } = boot();
    const before = sim.github().stats.counted;
    const { response, body, repos } = await inventory(graphql, 'octo-org', OCTO_ORG_REPOS);
    expect(body.errors).toBeUndefined();
    expect(repos.map((repo) => repo?.name)).toEqual(OCTO_ORG_REPOS);
    expect(sim.github().stats.counted - before).toBe(1);
    expect(Number(response.headers.get('x-ratelimit-used'))).toBeGreaterThan(0);
    const byName = new Map(repos.map((repo) => [repo!.name, repo!]));
    const get = (name: string) => byName.get(name)!;

    const hello = get('hello-world');
    expect(hello.hasWikiEnabled).toBe(true);
    expect(hello.environments.totalCount).toBe(1);
    const production = hello.environments.nodes[0]!;
    expect(production.name).toBe('production');
    expect(production.protectionRules.nodes.map((rule) => rule.type)).toEqual(
      expect.arrayContaining(['REQUIRED_REVIEWERS', 'WAIT_TIMER']),
    );

    expect(get('octo-web').gitattributes?.text).toContain('filter=lfs');
    expect(get('octo-web').gitattributes).toMatchObject({ isTruncated: false });
    expect(get('octo-web').gitattributes?.byteSize).toBe(
      Buffer.byteLength(get('octo-web').gitattributes!.text),
    );
    expect(get('octo-api').gitattributes).toBeNull();

    const billing = get('billing-service');
    expect(billing.deployKeys).toEqual({ totalCount: 1, nodes: [{ title: 'release-bot', readOnly: false }] });
    expect(billing.collaborators).toEqual({
      totalCount: 1,
      edges: [{ permission: 'WRITE', node: { login: 'contractor-ana' } }],
    });

    const design = get('design-system');
    expect(design.hasDiscussionsEnabled).toBe(true);
    expect(design.discussions.totalCount).toBe(12);
    expect(design.projectsV2.totalCount).toBe(1);
    expect(design.projectsV2.nodes).toHaveLength(1);

    expect(get('infra-terraform').rulesets).toEqual({
      totalCount: 1,
      nodes: [{ name: 'protect main', target: 'BRANCH', enforcement: 'ACTIVE' }],
    });
    expect(get('infra-terraform').deployKeys.nodes).toEqual([{ title: 'terraform-cloud', readOnly: true }]);

    const legacy = get('legacy-monolith');
    expect(legacy.heads.nodes.map((ref) => ref.name)).toContain(LONG_BRANCH);
    expect(legacy.heads.totalCount).toBe(
      2 + repositoryContent(repoOf('octo-org', 'legacy-monolith')).branches.length,
    );

    // Every default branch's head is the archive's: the commit id the bare repository's refs hold.
    for (const name of OCTO_ORG_REPOS) {
      const repo = repoOf('octo-org', name);
      const content = repositoryContent(repo);
      const bare = gitData(repo, sim.github().archiveBytesPerKb);
      expect(get(name).defaultBranchRef).toEqual({
        name: content.defaultBranch,
        target: { oid: bare.heads[content.defaultBranch] },
      });
      expect(get(name).heads.totalCount).toBe(
        1 + content.branches.length + (name === 'legacy-monolith' ? 1 : 0),
      );
      expect(get(name).tags.nodes.map((tag) => tag.name)).toEqual(content.tags.map((tag) => tag.name));
    }
  });

  it('hashes the same commit ids the bare repository writes, without building it', () => {
    const { repoOf } = boot();
    for (const [name, pad] of [
      ['hello-world', 0],
      ['legacy-monolith', 3_000],
      ['octo-web', 5 * 1024 * 1024 + 7],
    ] as const) {
      const repo = repoOf('octo-org', name);
      const content = repositoryContent(repo);
      const bare = buildBareRepository(repo, content, pad);
      expect(gitRefs(repo, content, pad)).toEqual({ trunk: bare.trunk, heads: bare.heads, tags: bare.tags });
    }
    const repo = repoOf('octo-org', 'billing-service');
    expect(paddingBytes(repo, 1)).toBeGreaterThan(0);
    expect(gitRefsOf({ ...repo, description: 'not cached' }, 1).heads).toEqual(
      gitData({ ...repo, description: 'not cached' }, 1).heads,
    );
  });

  it('answers files at a ref: HEAD and a branch, README.md from the model, unknown paths null', async () => {
    const { graphql, repoOf } = boot();
    const content = repositoryContent(repoOf('octo-org', 'octo-web'));
    const { body } = await graphql(
      `
        query ($b: String!) {
          repository(owner: "octo-org", name: "octo-web") {
            readme: object(expression: "HEAD:README.md") {
              ... on Blob {
                text
                byteSize
                isBinary
                oid
              }
            }
            onBranch: object(expression: $b) {
              ... on Blob {
                text
              }
            }
            missing: object(expression: "HEAD:no/such/file") {
              oid
            }
            badRev: object(expression: "no-such-branch:README.md") {
              oid
            }
            head: object(expression: "HEAD") {
              ... on Commit {
                oid
              }
            }
            defaultBranchRef {
              target {
                oid
              }
            }
          }
        }
      `,
      { b: `${content.defaultBranch}:.gitattributes` },
    );
    expect(body.errors).toBeUndefined();
    const repo = (body.data as { repository: Record<string, Record<string, unknown> | null> }).repository;
    expect(repo.readme).toMatchObject({ text: '# octo-web\n\nCustomer-facing web app\n', isBinary: false });
    expect(repo.onBranch?.text).toContain('filter=lfs');
    expect(repo.missing).toBeNull();
    expect(repo.badRev).toBeNull();
    expect(repo.head).toEqual(repo.defaultBranchRef?.target);
  });

  it('answers a 50-repository query on big-org with every alias, well under the node limit, for a few points', async () => {
    const { sim, graphql } = boot('big-org');
    const names = sim
      .github()
      .world.repos.filter((repo) => repo.owner === 'big-org')
      .slice(100, 150)
      .map((repo) => repo.name);
    expect(names).toHaveLength(50);
    const used = Number((await graphql('{ viewer { login } }')).response.headers.get('x-ratelimit-used'));
    const before = sim.github().stats.counted;
    const { response, body, repos } = await inventory(graphql, 'big-org', names);
    expect(body.errors).toBeUndefined();
    expect(repos.map((repo) => repo?.name)).toEqual(names);
    expect(sim.github().stats.counted - before).toBe(1);
    // 50 × (8 connections + 20 environments' rules) = 1,400 requests: 14 points.
    expect(Number(response.headers.get('x-ratelimit-used')) - used).toBe(14);
    const document = parse(repositoriesQuery(50));
    const operation = document.definitions[0] as OperationDefinitionNode;
    const nodes = queryNodeCount(document, operation, {});
    expect(nodes).toBe(50 * (1 + 10 + 20 + 20 * (1 + 10) + 20 + 20 + 100 + 100));
    expect(nodes).toBeLessThan(MAX_NODES / 10);
    // rateLimit tells the same count.
    const { body: limited } = await graphql(
      '{ rateLimit { nodeCount } organization(login: "big-org") { teams(first: 50) { nodes { members(first: 10) { totalCount } } } } }',
    );
    expect(limited.data).toMatchObject({ rateLimit: { nodeCount: 50 + 50 * 10 } });
  });

  it('answers null for a repository the token cannot see, the others beside it', async () => {
    const { graphql } = boot();
    const { body } = await graphql(
      repositoriesQuery(2),
      {
        owner: 'octocat',
        n0: 'linguist-notes',
        n1: 'Spoon-Knife',
      },
      SIM_TOKENS.hubot,
    );
    const data = body.data as Record<string, InventoryRepository | null>;
    expect(data.r0).toBeNull();
    expect(data.r1?.name).toBe('Spoon-Knife');
    expect(body.errors?.map((error) => error.type)).toContain('NOT_FOUND');
  });

  it('answers every collaborator for ALL: the owners, the teams’ members, the outside ones', async () => {
    const { graphql } = boot();
    const { body } = await graphql(`
      {
        repository(owner: "octo-org", name: "billing-service") {
          all: collaborators(first: 20) {
            totalCount
            edges {
              permission
              node {
                login
              }
            }
          }
          outside: collaborators(affiliation: OUTSIDE, first: 20) {
            totalCount
          }
        }
      }
    `);
    expect(body.errors).toBeUndefined();
    const repo = (body.data as { repository: Record<string, InventoryRepository['collaborators']> })
      .repository;
    expect(repo.outside!.totalCount).toBe(1);
    expect(new Set(repo.all!.edges.map((edge) => `${edge.node.login}:${edge.permission}`))).toEqual(
      new Set(['octocat:ADMIN', 'hubot:MAINTAIN', 'contractor-ana:WRITE']),
    );
  });

  it('refuses a new connection without first or last, with GitHub’s message (issue 47)', async () => {
    const { graphql } = boot();
    for (const [field, selection] of [
      ['deployKeys', 'deployKeys { nodes { title } }'],
      ['environments', 'environments { nodes { name } }'],
      ['collaborators', 'collaborators(affiliation: OUTSIDE) { edges { permission } }'],
      ['refs', 'refs(refPrefix: "refs/heads/") { nodes { name } }'],
    ]) {
      const { body } = await graphql(
        `{ repository(owner: "octo-org", name: "billing-service") { ${selection} } }`,
      );
      expect(body.errors?.[0]).toMatchObject({
        type: 'MISSING_PAGINATION_BOUNDARIES',
        message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`,
      });
    }
    const { body } = await graphql('{ organization(login: "octo-org") { teams { nodes { slug } } } }');
    expect(body.errors?.[0]?.message).toBe(
      'You must provide a `first` or `last` value to properly paginate the `teams` connection.',
    );
  });
});

describe("the source's GraphQL answers the inventory's teams query", () => {
  it("gives octo-org's teams: mobile under engineering, infra secret", async () => {
    const { graphql } = boot();
    const page = await teams(graphql, 'octo-org');
    expect(page.pageInfo.hasNextPage).toBe(false);
    expect(page.nodes.map((team) => team.slug)).toEqual(['engineering', 'mobile', 'infra']);
    const [engineering, mobile, infra] = page.nodes;
    expect(engineering).toMatchObject({ name: 'Engineering', privacy: 'VISIBLE', parentTeam: null });
    expect(engineering!.members.totalCount).toBe(2);
    expect(engineering!.repositories.edges).toContainEqual({
      permission: 'MAINTAIN',
      node: { name: 'billing-service' },
    });
    expect(mobile!.parentTeam).toEqual({ slug: 'engineering' });
    expect(infra).toMatchObject({ privacy: 'SECRET', parentTeam: null });
    expect(infra!.repositories).toEqual({
      totalCount: 1,
      edges: [{ permission: 'ADMIN', node: { name: 'infra-terraform' } }],
    });
    // A member outside the secret team does not see it.
    const { body } = await graphql(TEAMS_QUERY, { org: 'octo-org', after: null }, SIM_TOKENS.hubot);
    const seen = (body.data as { organization: { teams: { nodes: InventoryTeam[] } } }).organization.teams;
    expect(seen.nodes.map((team) => team.slug)).toEqual(['engineering', 'mobile']);
  });

  it("gives big-org's 10 teams, each with its 50 repositories", async () => {
    const { graphql } = boot('big-org');
    const page = await teams(graphql, 'big-org');
    expect(page.nodes).toHaveLength(10);
    for (const team of page.nodes) {
      expect(team.repositories.totalCount).toBe(50);
      expect(team.repositories.edges).toHaveLength(50);
      expect(team.repositories.edges.every((edge) => ['WRITE', 'MAINTAIN'].includes(edge.permission))).toBe(
        true,
      );
    }
  });
});
