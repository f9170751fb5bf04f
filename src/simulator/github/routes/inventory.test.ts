import { describe, expect, it } from 'vitest';
import { commitBody, gitObject } from '../content/git-objects';
import { repositoryContent } from '../content/repository-content';
import { gitData, gitRefsOf } from '../migrations/git-data';
import { SIM_TOKENS } from '../seed';
import type { Scenario } from '../state';
import { createSimulator, type Simulator } from '../../simulator';

const ORIGIN = 'http://sim.test';

function boot(scenario: Scenario = 'quiet') {
  const sim = createSimulator({ speed: 0, scenario });
  const get = async <T = unknown>(
    path: string,
    token: string | null = SIM_TOKENS.octocat,
    headers: Record<string, string> = {},
  ) => {
    const response = await sim.fetch(
      new Request(`${ORIGIN}/api/v3${path}`, {
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }),
    );
    const text = await response.text();
    return { response, status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  };
  return { sim, get };
}

type Named = { name: string };
type Counted<K extends string, T> = { total_count: number } & Record<K, T[]>;
type Alert = { repository: Named; most_recent_instance?: { commit_sha: string } };
type TreeBody = {
  sha: string;
  truncated: boolean;
  tree: { path: string; type: string; sha: string; size?: number }[];
};

function repoOf(sim: Simulator, owner: string, name: string) {
  const repo = sim.github().world.repos.find((r) => r.owner === owner && r.name === name);
  if (!repo) throw new Error(`no ${owner}/${name}`);
  return repo;
}

/** The default branch's head commit, as GraphQL's `defaultBranchRef { target { oid } }` gives it. */
const headOf = (sim: Simulator, owner: string, name: string) => {
  const repo = repoOf(sim, owner, name);
  return gitRefsOf(repo, sim.github().archiveBytesPerKb).heads[repositoryContent(repo).defaultBranch] ?? '';
};

describe('the seeded octo-org, as an inventory reads it', () => {
  it('hello-world: one webhook (its secret masked) and two Actions variables', async () => {
    const { get } = boot();
    const hooks = await get<unknown[]>('/repos/octo-org/hello-world/hooks');
    expect(hooks.status).toBe(200);
    expect(hooks.body).toHaveLength(1);
    expect(hooks.body[0]).toMatchObject({
      type: 'Repository',
      name: 'web',
      active: true,
      config: { url: 'https://ci.octo-org.example/hooks/github', secret: '********', insecure_ssl: '0' },
    });
    const variables = await get('/repos/octo-org/hello-world/actions/variables');
    expect(variables.body).toMatchObject({
      total_count: 2,
      variables: [
        { name: 'NODE_VERSION', value: '20' },
        { name: 'DEPLOY_REGION', value: 'eu-west-1' },
      ],
    });
  });

  it('billing-service: two secret names (no values), one runner, and its alerts in the organization’s lists', async () => {
    const { get } = boot();
    const secrets = await get<Counted<'secrets', Named>>('/repos/octo-org/billing-service/actions/secrets');
    expect(secrets.body.total_count).toBe(2);
    expect(secrets.body.secrets.map((item) => item.name)).toEqual(['STRIPE_KEY', 'DATABASE_URL']);
    for (const secret of secrets.body.secrets)
      expect(Object.keys(secret).sort()).toEqual(['created_at', 'name', 'updated_at']);
    const runners = await get<Counted<'runners', { labels: { type: string }[] }>>(
      '/repos/octo-org/billing-service/actions/runners',
    );
    expect(runners.body).toMatchObject({
      total_count: 1,
      runners: [{ name: 'billing-runner-1', status: 'online', busy: false }],
    });
    expect(runners.body.runners[0]?.labels.map((label) => label.type)).toEqual([
      'read-only',
      'read-only',
      'read-only',
    ]);

    const ofBilling = (alerts: { repository: { name: string } }[]) =>
      alerts.filter((alert) => alert.repository.name === 'billing-service');
    const code = await get<Alert[]>('/orgs/octo-org/code-scanning/alerts?state=open&per_page=100');
    expect(ofBilling(code.body)).toHaveLength(2);
    expect(code.body[0]).toMatchObject({
      state: 'open',
      tool: { name: 'CodeQL' },
      rule: { id: 'js/sql-injection', severity: 'error' },
    });
    expect(code.body[0]?.most_recent_instance?.commit_sha).toBe(
      headOf(boot().sim, 'octo-org', 'billing-service'),
    );
    const secret = await get<Alert[]>('/orgs/octo-org/secret-scanning/alerts?state=open&per_page=100');
    expect(ofBilling(secret.body)).toHaveLength(1);
    expect(secret.body[0]).not.toHaveProperty('secret');
    // Nothing but open alerts in the model.
    expect((await get('/orgs/octo-org/code-scanning/alerts?state=fixed')).body).toEqual([]);
  });

  it('the Actions public key is a base64 X25519 key of 32 bytes, the same for the same repository', async () => {
    const { get } = boot();
    type Key = { key: string; key_id: string };
    const first = await get<Key>('/repos/octo-org/billing-service/actions/secrets/public-key');
    const again = await get('/repos/octo-org/billing-service/actions/secrets/public-key');
    const other = await get<Key>('/repos/octo-org/hello-world/actions/secrets/public-key');
    expect(Buffer.from(first.body.key, 'base64')).toHaveLength(32);
    expect(first.body.key_id).toMatch(/^\d+$/);
    expect(again.body).toEqual(first.body);
    expect(other.body.key).not.toBe(first.body.key);
  });

  it('octo-web: `.gitattributes` with filter=lfs and its three pointer files in the tree', async () => {
    const { sim, get } = boot();
    const tree = await get(
      `/repos/octo-org/octo-web/git/trees/${headOf(sim, 'octo-org', 'octo-web')}?recursive=1`,
    );
    expect(tree.status).toBe(200);
    const body = tree.body as TreeBody;
    expect(body.truncated).toBe(false);
    const paths = body.tree.filter((entry) => entry.type === 'blob').map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '.gitattributes',
        'README.md',
        'CHANGELOG.md',
        'public/hero.png',
        'public/logo.png',
        'design/landing.psd',
      ]),
    );
    const attributes = body.tree.find((entry) => entry.path === '.gitattributes');
    const pointers = body.tree.filter((entry) => /\.(png|psd)$/.test(entry.path));
    expect(pointers.map((entry) => entry.size)).toEqual([133, 132, 131]);
    // The blob is GitHub's id of the text the resources hold.
    const text = '*.png filter=lfs diff=lfs merge=lfs -text\n*.psd filter=lfs diff=lfs merge=lfs -text\n';
    expect(attributes).toMatchObject({ sha: gitObject('blob', Buffer.from(text)).oid, size: text.length });
    // Every tree entry comes before what it holds, in Git's order.
    expect(paths.indexOf('design/landing.psd')).toBeLessThan(paths.indexOf('public/hero.png'));
    expect(body.tree.findIndex((e) => e.path === 'public')).toBe(
      body.tree.findIndex((e) => e.path === 'public/hero.png') - 1,
    );
  });

  it('ml-experiments: models/checkpoint-final.bin of 512 MiB', async () => {
    const { get } = boot();
    const body = (await get('/repos/octo-org/ml-experiments/git/trees/HEAD?recursive=1')).body as TreeBody;
    expect(body.tree.find((entry) => entry.path === 'models/checkpoint-final.bin')).toMatchObject({
      type: 'blob',
      size: 536_870_912,
    });
  });

  it('teams and their repositories, from organizationResources', async () => {
    const { get } = boot();
    const teams = await get<(Named & { slug: string; parent: unknown })[]>('/orgs/octo-org/teams');
    expect(teams.body.map((team) => team.slug)).toEqual(['engineering', 'mobile', 'infra']);
    expect(teams.body[1]?.parent).toMatchObject({ slug: 'engineering' });
    const repos = await get<Named[]>('/orgs/octo-org/teams/engineering/repos');
    expect(repos.body.map((repo) => repo.name)).toEqual(['octo-api', 'octo-web', 'billing-service']);
    expect(repos.body[2]).toMatchObject({
      role_name: 'maintain',
      permissions: { maintain: true, admin: false },
    });
    expect((await get('/orgs/octo-org/teams/infra/repos', SIM_TOKENS.hubot)).status).toBe(404);
  });

  it('organization installations and packages', async () => {
    const { get } = boot();
    const installations = await get('/orgs/octo-org/installations');
    expect(installations.body).toMatchObject({
      total_count: 1,
      installations: [
        { id: 101, app_slug: 'octo-ci', repository_selection: 'selected', target_type: 'Organization' },
      ],
    });
    const npm = await get('/orgs/octo-org/packages?package_type=npm');
    expect(npm.body).toMatchObject([
      { name: 'design-system', package_type: 'npm', repository: { name: 'design-system' } },
    ]);
    expect((await get('/orgs/octo-org/packages?package_type=maven')).body).toEqual([]);
    expect((await get('/orgs/octo-org/packages')).status).toBe(422);
    expect((await get('/orgs/octo-org/packages?package_type=pypi')).status).toBe(400);
  });

  it('repository listings take has_wiki, has_pages and has_discussions from the resources', async () => {
    const { get } = boot();
    const repos = (await get('/orgs/octo-org/repos?per_page=100')).body as {
      name: string;
      has_wiki: boolean;
      has_pages: boolean;
      has_discussions: boolean;
    }[];
    const named = (name: string) => repos.find((repo) => repo.name === name);
    expect(named('octo-web')).toMatchObject({ has_pages: true, has_wiki: false });
    expect(named('docs')).toMatchObject({ has_pages: true, has_wiki: true });
    expect(named('design-system')).toMatchObject({ has_discussions: true });
    expect(named('cli-tools')).toMatchObject({ has_pages: false, has_wiki: false, has_discussions: false });
    // A user's repository keeps the old defaults.
    const own = (await get('/user/repos?per_page=100')).body as { name: string; has_wiki: boolean }[];
    expect(own.find((repo) => repo.name === 'Spoon-Knife')).toMatchObject({ has_wiki: true });
  });
});

describe('access', () => {
  it('refuses a member who is no admin: webhooks 404, secrets and variables 403, installations 403', async () => {
    const { get } = boot();
    expect((await get('/repos/octo-org/hello-world/hooks', SIM_TOKENS.hubot)).status).toBe(404);
    const secrets = await get('/repos/octo-org/billing-service/actions/secrets', SIM_TOKENS.hubot);
    expect(secrets.status).toBe(403);
    expect(secrets.body).toMatchObject({ message: 'Must have admin rights to Repository.', status: '403' });
    expect((await get('/repos/octo-org/hello-world/actions/variables', SIM_TOKENS.hubot)).status).toBe(403);
    expect((await get('/orgs/octo-org/installations', SIM_TOKENS.hubot)).status).toBe(403);
    expect((await get('/orgs/octo-org/secret-scanning/alerts', SIM_TOKENS.hubot)).status).toBe(404);
    // A member may read the tree.
    expect((await get('/repos/octo-org/billing-service/git/trees/HEAD', SIM_TOKENS.hubot)).status).toBe(200);
  });

  it('refuses anonymous callers (401) and hides what they may not see (404)', async () => {
    const { get } = boot();
    expect((await get('/repos/octo-org/hello-world/hooks', null)).status).toBe(401);
    expect((await get('/repos/octocat/linguist-notes/git/trees/HEAD', SIM_TOKENS.hubot)).status).toBe(404);
    expect((await get('/orgs/no-such-org/teams')).body).toMatchObject({
      message: 'Not Found',
      status: '404',
    });
  });

  it('counts each read against the primary limit, answers 304 to a matching ETag for free', async () => {
    const { get } = boot();
    const first = await get('/repos/octo-org/hello-world/hooks');
    const used = Number(first.response.headers.get('x-ratelimit-used'));
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const again = await get('/repos/octo-org/hello-world/hooks', SIM_TOKENS.octocat, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    const third = await get('/repos/octo-org/hello-world/actions/variables');
    expect(Number(third.response.headers.get('x-ratelimit-used'))).toBe(used + 1);
  });
});

describe('git trees', () => {
  it('HEAD, the default branch, its head commit and its tree id name the same tree', async () => {
    const { sim, get } = boot();
    const repo = repoOf(sim, 'octo-org', 'octo-api');
    const branch = repositoryContent(repo).defaultBranch;
    const byHead = (await get('/repos/octo-org/octo-api/git/trees/HEAD?recursive=1')).body as TreeBody;
    for (const name of [branch, `refs%2Fheads%2F${branch}`, headOf(sim, 'octo-org', 'octo-api'), byHead.sha])
      expect((await get(`/repos/octo-org/octo-api/git/trees/${name}?recursive=1`)).body).toEqual(byHead);
  });

  it('GraphQL’s defaultBranchRef oid resolves to the tree', async () => {
    const { sim, get } = boot();
    const response = await sim.fetch(
      new Request(`${ORIGIN}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${SIM_TOKENS.octocat}` },
        body: JSON.stringify({
          query:
            '{ repository(owner: "octo-org", name: "ml-experiments") { defaultBranchRef { target { oid } } } }',
        }),
      }),
    );
    const oid = (
      (await response.json()) as { data: { repository: { defaultBranchRef: { target: { oid: string } } } } }
    ).data.repository.defaultBranchRef.target.oid;
    expect(oid).toBe(headOf(sim, 'octo-org', 'ml-experiments'));
    expect((await get(`/repos/octo-org/ml-experiments/git/trees/${oid}?recursive=1`)).status).toBe(200);
  });

  it('is the Git data’s own tree when the resources add nothing: its id is the head commit’s tree', async () => {
    const { sim, get } = boot();
    const repo = repoOf(sim, 'octo-org', 'hello-world');
    const content = repositoryContent(repo);
    const built = gitData(repo, sim.github().archiveBytesPerKb);
    const body = (await get('/repos/octo-org/hello-world/git/trees/HEAD?recursive=1')).body as TreeBody;
    expect(body.tree.map((entry) => entry.path)).toEqual([
      'CHANGELOG.md',
      'README.md',
      'assets',
      'assets/hello-world.bin',
    ]);
    expect(body.tree.at(-1)?.size).toBe(108);
    const last = content.commits.at(-1)!;
    const commit = commitBody(
      body.sha,
      [built.trunk.at(-2)!],
      { ...last.author, date: last.date },
      last.message,
    );
    expect(gitObject('commit', commit).oid).toBe(built.heads[content.defaultBranch]);
  });

  it('lists a subtree by its id, and only the top level without `recursive`', async () => {
    const { get } = boot();
    const full = (await get('/repos/octo-org/ml-experiments/git/trees/HEAD?recursive=1')).body as TreeBody;
    const top = (await get('/repos/octo-org/ml-experiments/git/trees/HEAD')).body as TreeBody;
    expect(top.tree.every((entry) => !entry.path.includes('/'))).toBe(true);
    expect(top.tree.find((entry) => entry.path === 'models')).toMatchObject({ type: 'tree' });
    expect(top.tree.find((entry) => entry.path === 'models')).not.toHaveProperty('size');
    const models = full.tree.find((entry) => entry.path === 'models')!;
    const sub = (await get(`/repos/octo-org/ml-experiments/git/trees/${models.sha}`)).body as TreeBody;
    expect(sub).toMatchObject({
      sha: models.sha,
      tree: [{ path: 'checkpoint-final.bin', size: 536_870_912 }],
    });
  });

  it('answers 404, never 500, to hostile tree names', async () => {
    const { get } = boot();
    for (const name of [
      'x'.repeat(10_000),
      'main%00',
      '%00',
      'a%0Ab',
      '..',
      `${'f'.repeat(40)}`,
      'HEAD~1',
      '%E2%80%AE',
    ])
      expect(
        (await get(`/repos/octo-org/octo-web/git/trees/${name}?recursive=1`)).status,
        name.slice(0, 20),
      ).toBe(404);
  });
});

describe('paging', () => {
  it('walks big-org’s code scanning alerts with Link headers, and clamps per_page as GitHub', async () => {
    const { get } = boot('big-org');
    const all = (await get<Alert[]>('/orgs/big-org/code-scanning/alerts?state=open&per_page=100')).body;
    expect(all.length).toBe(11); // every 43rd of 500 repositories
    const seen: string[] = [];
    let next: string | undefined = '/orgs/big-org/code-scanning/alerts?state=open&per_page=3';
    let pages = 0;
    while (next) {
      const page: { response: Response; body: Alert[] } = await get<Alert[]>(next);
      pages += 1;
      seen.push(...page.body.map((alert) => alert.repository.name));
      const link: string | undefined = /<([^>]+)>;\s*rel="next"/.exec(
        page.response.headers.get('link') ?? '',
      )?.[1];
      next = link ? new URL(link).pathname.replace('/api/v3', '') + new URL(link).search : undefined;
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(all.map((alert) => alert.repository.name));
    // per_page=1e309 is Infinity: GitHub's default page; variables page 10 by default, at most 30.
    expect((await get('/orgs/big-org/code-scanning/alerts?per_page=1e309')).body).toHaveLength(11);
    expect((await get('/orgs/big-org/code-scanning/alerts?per_page=-1&page=1e309')).status).toBe(200);
    const variables = await get<Counted<'variables', Named>>(
      '/repos/octo-org/hello-world/actions/variables?per_page=1e309',
    );
    expect(variables.status).toBe(200);
    expect(variables.body.total_count).toBe(2);
  });

  it('reads a tree for each of big-org’s 500 repositories quickly', async () => {
    const { sim, get } = boot('big-org');
    const repos = sim.github().world.repos.filter((repo) => repo.owner === 'big-org');
    const started = performance.now();
    for (const repo of repos) {
      const tree = await get(
        `/repos/big-org/${repo.name}/git/trees/${headOf(sim, 'big-org', repo.name)}?recursive=1`,
      );
      expect(tree.status).toBe(200);
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
