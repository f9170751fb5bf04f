import type { createSimulator } from '@/simulator/simulator';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { ORG_QUERY, SOURCE, START_MIGRATION, upload } from '@/simulator/target/test-harness';

type Simulator = ReturnType<typeof createSimulator>;

async function graphql<T>(sim: Simulator, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await sim.fetch(
    new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return ((await response.json()) as { data: T }).data;
}

/**
 * Test support: one repository imported into octo-target through GEI's own operations (upload, migration
 * source, start), the clock moved an hour so it SUCCEEDS. Its issues' authors without a target account become
 * mannequins (each with `<login>@example.com`).
 */
export async function importIntoTarget(sim: Simulator, name: string, issueAuthors: string[]): Promise<void> {
  const { organization: org } = await graphql<{ organization: { id: string; databaseId: number } }>(
    sim,
    ORG_QUERY,
    { login: TARGET_ORG },
  );
  const bytes = await buildTestArchive({
    owner: 'octo-org',
    name,
    commits: 1,
    branches: [],
    tags: [],
    issueAuthors,
    pullAuthors: [],
    releases: 0,
  });
  const { uri } = (await (await upload(sim, org.databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
    uri: string;
  };
  const { createMigrationSource } = await graphql<{
    createMigrationSource: { migrationSource: { id: string } };
  }>(sim, SOURCE, {
    name: 'GHES Source',
    url: 'https://ghes.example',
    ownerId: org.id,
    type: 'GITHUB_ARCHIVE',
  });
  await graphql(sim, START_MIGRATION, {
    sourceId: createMigrationSource.migrationSource.id,
    ownerId: org.id,
    sourceRepositoryUrl: `https://ghes.example/octo-org/${name}`,
    repositoryName: name,
    continueOnError: true,
    gitArchiveUrl: uri,
    metadataArchiveUrl: uri,
    accessToken: 'not-used',
  });
  sim.advance(3_600);
}
