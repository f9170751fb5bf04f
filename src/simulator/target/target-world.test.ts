import { describe, expect, it } from 'vitest';
import { readArchive } from '../github/migrations/read-archive';
import { SIM_TOKENS } from '../github/seed';
import { createSimulator, GITHUB_PREFIX, TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_ORG, TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import {
  COUNTS,
  GET_MIGRATION,
  ORG_QUERY,
  SOURCE,
  START_MIGRATION,
  harness,
  upload,
  type Migration,
  type Org,
} from './test-harness';

type Harness = ReturnType<typeof harness>;

async function setUp(h: Harness) {
  const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
    .organization;
  const source = (
    await h.graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(SOURCE, {
      name: 'GHES Source',
      url: 'https://ghes.example',
      ownerId: org.id,
      type: 'GITHUB_ARCHIVE',
    })
  ).body.data.createMigrationSource.migrationSource;
  const start = async (repositoryName: string, gitArchiveUrl: string, metadataArchiveUrl = gitArchiveUrl) =>
    h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration | null } }>(START_MIGRATION, {
      sourceId: source.id,
      ownerId: org.id,
      sourceRepositoryUrl: `https://ghes.example/octo-org/${repositoryName}`,
      repositoryName,
      continueOnError: true,
      gitArchiveUrl,
      metadataArchiveUrl,
      accessToken: 'not-used',
    });
  const finish = async (id: string) => {
    for (let i = 0; i < 60; i++) {
      const node = (await h.graphql<{ node: Migration & { failureReason: string } }>(GET_MIGRATION, { id }))
        .body.data.node;
      if (['SUCCEEDED', 'FAILED', 'FAILED_VALIDATION'].includes(node.state)) return node;
      h.sim.advance(30);
    }
    throw new Error('the migration never ended');
  };
  return { org, source, start, finish };
}

const small = () =>
  buildTestArchive({
    owner: 'octo-org',
    name: 'gadget',
    commits: 2,
    branches: [],
    tags: ['v1'],
    issueAuthors: ['hubot'],
    pullAuthors: [],
    releases: 0,
  });

function sourceApi(sim: Harness['sim']) {
  return (path: string, init: RequestInit = {}) =>
    sim.fetch(
      new Request(`http://source.test${GITHUB_PREFIX}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
      }),
    );
}

/** Start a source export of one repository; the answer fetches its signed archive URL once it is done. */
async function startExport(sim: Harness['sim'], repo: string, options: Record<string, boolean> = {}) {
  const gh = sourceApi(sim);
  const started = await gh('/orgs/octo-org/migrations', {
    method: 'POST',
    body: JSON.stringify({ repositories: [repo], ...options }),
  });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: number };
  return async () => {
    const redirect = await gh(`/orgs/octo-org/migrations/${id}/archive`);
    expect(redirect.status).toBe(302);
    return redirect.headers.get('location') ?? '';
  };
}

async function sourceArchiveUrl(sim: Harness['sim'], repo: string): Promise<string> {
  const url = await startExport(sim, repo);
  sim.advance(600);
  return url();
}

describe('the target world with the source', () => {
  it('imports from the source export signed URL, in process; counts match that archive', async () => {
    const h = harness();
    const { start, finish } = await setUp(h);
    const url = await sourceArchiveUrl(h.sim, 'octo-api');
    const files = await readArchive(
      new Uint8Array(await (await h.sim.fetch(new Request(url))).arrayBuffer()),
    );
    const started = (await start('octo-api', url)).body.data.startRepositoryMigration.repositoryMigration;
    const done = await finish(started?.id ?? '');
    expect(done.state, done.failureReason).toBe('SUCCEEDED');

    const records = (name: string) => JSON.parse(files.get(name)?.toString() ?? '[]') as unknown[];
    const tags = [...files.keys()].filter((name) => /octo-api\.git\/refs\/tags\/./.test(name));
    const repo = (
      await h.graphql<{
        repository: {
          tags: { totalCount: number };
          all: { totalCount: number };
          issues: { totalCount: number };
          defaultBranchRef: { target: { history: { totalCount: number } } };
        };
      }>(COUNTS, { owner: TARGET_ORG, name: 'octo-api' })
    ).body.data.repository;
    expect(repo.tags.totalCount).toBe(tags.length);
    expect(repo.all.totalCount).toBe(records('pull_requests_000001.json').length);
    expect(repo.issues.totalCount).toBe(records('issues_000001.json').length + 1);
    // Closed issues stay closed (the "Migration Log" issue is open).
    const issues = records('issues_000001.json') as { closed_at: string | null }[];
    const states = await h.graphql<{
      repository: { open: { totalCount: number }; closed: { totalCount: number } };
    }>(
      'query($o: String!, $n: String!) { repository(owner: $o, name: $n) { open: issues(states: [OPEN]) { totalCount } closed: issues(states: CLOSED) { totalCount } } }',
      { o: TARGET_ORG, n: 'octo-api' },
    );
    expect(states.body.data.repository).toEqual({
      open: { totalCount: issues.filter((issue) => !issue.closed_at).length + 1 },
      closed: { totalCount: issues.filter((issue) => issue.closed_at).length },
    });
    expect(repo.defaultBranchRef.target.history.totalCount).toBeGreaterThan(0);
  });

  it("imports gh-gei's GHES pair: a git-only and a metadata-only export of one repository", async () => {
    const h = harness();
    const { start, finish } = await setUp(h);
    const gitUrl = await startExport(h.sim, 'infra-terraform', { exclude_metadata: true });
    const metadataUrl = await startExport(h.sim, 'infra-terraform', {
      exclude_git_data: true,
      exclude_owner_projects: true,
    });
    h.sim.advance(600);
    const [git, metadata] = [await gitUrl(), await metadataUrl()];
    const started = (await start('infra-terraform', git, metadata)).body.data.startRepositoryMigration
      .repositoryMigration;
    const done = await finish(started?.id ?? '');
    expect(done.state, done.failureReason).toBe('SUCCEEDED');
    const repo = (
      await h.graphql<{ repository: { issues: { totalCount: number }; defaultBranchRef: { name: string } } }>(
        COUNTS,
        { owner: TARGET_ORG, name: 'infra-terraform' },
      )
    ).body.data.repository;
    expect(repo.issues.totalCount).toBe(3 + 1);
    expect(repo.defaultBranchRef.name).toBeTruthy();

    // Signed URLs live five minutes: a migration given an old one fails as GitHub's would.
    h.sim.advance(301);
    const late = (await start('infra-2', await gitUrl())).body.data.startRepositoryMigration
      .repositoryMigration;
    h.sim.advance(301);
    const stale = (await start('infra-3', git)).body.data.startRepositoryMigration.repositoryMigration;
    expect((await finish(late?.id ?? '')).state).toBe('SUCCEEDED');
    expect((await finish(stale?.id ?? '')).failureReason).toMatch(
      /HTTP 403\): the URL appears to have expired/,
    );
  });

  it('fails with a reason: an unknown gei archive, a URL outside the simulator, bytes that are no migration archive', async () => {
    const h = harness();
    const { org, start, finish } = await setUp(h);
    const unknown = (await start('one', 'gei://archive/00000000-0000-4000-a000-000000000000')).body.data
      .startRepositoryMigration.repositoryMigration;
    // No archive to import: FAILED at once, as GitHub answers it, not after the queue and validation.
    const now = await h.graphql<{ node: { state: string; failureReason: string } }>(
      'query($id: ID!) { node(id: $id) { ... on RepositoryMigration { state failureReason } } }',
      { id: unknown?.id },
    );
    expect(now.body.data.node).toMatchObject({
      state: 'FAILED',
      failureReason: expect.stringMatching(/already used/) as unknown,
    });
    const outside = (await start('two', 'https://blob.example/archive.tar.gz')).body.data
      .startRepositoryMigration.repositoryMigration;
    const junk = await upload(h.sim, org.databaseId, Buffer.from('not a tarball'), TARGET_TOKENS.octocat);
    const { uri } = (await junk.json()) as { uri: string };
    const notArchive = (await start('three', uri)).body.data.startRepositoryMigration.repositoryMigration;
    expect((await finish(unknown?.id ?? '')).failureReason).toMatch(
      /was not found: it expired or was already used/,
    );
    expect((await finish(outside?.id ?? '')).failureReason).toMatch(
      /could not be downloaded: the host is not reachable/,
    );
    // Ferry's batches export N repositories per archive; GEI imports one per migration.
    const batch = await startExport(h.sim, 'docs');
    const both = await sourceApi(h.sim)('/orgs/octo-org/migrations', {
      method: 'POST',
      body: JSON.stringify({ repositories: ['docs', 'cli-tools'] }),
    });
    const { id: batchId } = (await both.json()) as { id: number };
    h.sim.advance(600);
    await batch();
    const batchUrl = (await sourceApi(h.sim)(`/orgs/octo-org/migrations/${batchId}/archive`)).headers.get(
      'location',
    );
    const twoRepos = (await start('four', batchUrl ?? '')).body.data.startRepositoryMigration
      .repositoryMigration;
    expect((await finish(twoRepos?.id ?? '')).failureReason).toBe(
      'The git archive holds 2 repositories; a repository migration imports one.',
    );
    const third = await finish(notArchive?.id ?? '');
    expect(third.state).toBe('FAILED');
    expect(third.failureReason).toMatch(/not/);
  });

  it('refuses a repository name already taken and a visibility outside private/public/internal, as GraphQL errors', async () => {
    const h = harness();
    const { org, source, start, finish } = await setUp(h);
    const upload1 = await upload(h.sim, org.databaseId, await small(), TARGET_TOKENS.octocat);
    const { uri } = (await upload1.json()) as { uri: string };
    await finish(
      (await start('gadget', uri)).body.data.startRepositoryMigration.repositoryMigration?.id ?? '',
    );
    const again = await start('gadget', uri);
    expect(again.body.data.startRepositoryMigration).toBeNull();
    expect(again.body.errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      path: ['startRepositoryMigration'],
      locations: [expect.anything() as unknown],
      message: `A repository called ${TARGET_ORG}/gadget already exists`,
    });
    const visibility = await h.graphql(
      'mutation($s: ID!, $o: ID!) { startRepositoryMigration(input: {sourceId: $s, ownerId: $o, sourceRepositoryUrl: "https://x.example/a/b", repositoryName: "b", targetRepoVisibility: "secret", gitArchiveUrl: "gei://archive/x", metadataArchiveUrl: "gei://archive/x"}) { repositoryMigration { id } } }',
      { s: source.id, o: org.id },
    );
    expect(visibility.body.errors[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'targetRepoVisibility must be one of: private, public, internal.',
    });
  });

  it('deletes an imported repository as GitHub does: the owner’s token with delete_repo, then 404; the name free again', async () => {
    const h = harness();
    const { org, start, finish } = await setUp(h);
    const sent = await upload(h.sim, org.databaseId, await small(), TARGET_TOKENS.octocat);
    const { uri } = (await sent.json()) as { uri: string };
    await finish(
      (await start('gizmo', uri)).body.data.startRepositoryMigration.repositoryMigration?.id ?? '',
    );
    const remove = (token?: string) =>
      h.sim.fetch(
        new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/gizmo`, {
          method: 'DELETE',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      );
    expect((await remove()).status).toBe(401);
    // A migrator's token (no delete_repo, not an owner) is refused in GitHub's words.
    const refused = await remove(TARGET_TOKENS.monalisa);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Must have admin rights to Repository.' });
    expect((await remove(TARGET_TOKENS.octocat)).status).toBe(204);
    expect((await remove(TARGET_TOKENS.octocat)).status).toBe(404);
    // The name is free: the same import again lands.
    const again = await start('gizmo', uri);
    expect(again.body.errors ?? []).toEqual([]);
  });

  it('is reset with the source and survives a save and load of the world file', async () => {
    const h = harness();
    const { org, start, finish } = await setUp(h);
    const uploaded = await upload(h.sim, org.databaseId, await small(), TARGET_TOKENS.octocat);
    const { uri } = (await uploaded.json()) as { uri: string };
    await finish(
      (await start('gadget', uri)).body.data.startRepositoryMigration.repositoryMigration?.id ?? '',
    );
    const saved = h.sim.saveWorld();

    const restarted = createSimulator({ speed: 0 });
    expect(restarted.loadWorld(saved)).toBe(true);
    const rest = (sim: typeof restarted) =>
      sim.fetch(
        new Request(`${TARGET_SIMULATOR_ORIGIN}/repos/${TARGET_ORG}/gadget`, {
          headers: { authorization: `token ${TARGET_TOKENS.octocat}` },
        }),
      );
    expect((await rest(restarted)).status).toBe(200);
    restarted.reset();
    expect((await rest(restarted)).status).toBe(404);

    // A world file written before the target existed loads, with a fresh target.
    const older = JSON.parse(saved) as { target?: unknown };
    delete older.target;
    const fromOlder = createSimulator({ speed: 0 });
    expect(fromOlder.loadWorld(JSON.stringify(older))).toBe(true);
    expect((await rest(fromOlder)).status).toBe(404);
    // A damaged target part is refused, and nothing changes.
    expect(fromOlder.loadWorld(JSON.stringify({ ...older, target: { state: 1 } }))).toBe(false);
  });
});
