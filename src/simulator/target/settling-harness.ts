/** Test support for the target's settling REST: a repository imported as GEI imports it, and REST calls. */
import { expect } from 'vitest';
import { TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_TOKENS } from './seed';
import { buildTestArchive } from './test-archive';
import type { harness } from './test-harness';
import { GET_MIGRATION, type Migration, orgAndSource, START_MIGRATION, upload } from './test-harness';

export type Harness = ReturnType<typeof harness>;

/** Imports the source repository `octo-org/{name}` (a small archive) as `octo-target/{name}`, to SUCCEEDED. */
export async function importRepository(h: Harness, name: string): Promise<void> {
  const { org, source } = await orgAndSource(h);
  const archive = await buildTestArchive({
    owner: 'octo-org',
    name,
    commits: 1,
    branches: [],
    tags: [],
    issueAuthors: [],
    pullAuthors: [],
    releases: 0,
  });
  const uploaded = await upload(h.sim, org.databaseId, archive, TARGET_TOKENS.octocat);
  const { uri } = (await uploaded.json()) as { uri: string };
  const started = await h.graphql<{ startRepositoryMigration: { repositoryMigration: Migration } }>(
    START_MIGRATION,
    {
      sourceId: source.id,
      ownerId: org.id,
      sourceRepositoryUrl: `https://ghes.example/octo-org/${name}`,
      repositoryName: name,
      continueOnError: true,
      gitArchiveUrl: uri,
      metadataArchiveUrl: uri,
      accessToken: 'not-used',
    },
  );
  const id = started.body.data.startRepositoryMigration.repositoryMigration.id;
  for (let i = 0; i < 60; i++) {
    const node = (await h.graphql<{ node: Migration }>(GET_MIGRATION, { id })).body.data.node;
    if (node.state === 'SUCCEEDED') return;
    expect(['FAILED', 'FAILED_VALIDATION']).not.toContain(node.state);
    h.sim.advance(30);
  }
  throw new Error('the import never ended');
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A REST call to the target as `token` (null: none); the body parsed when there is one. */
export function targetRest(h: Harness) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    token: string | null = TARGET_TOKENS.octocat,
  ): Promise<Answer> => {
    const response = await h.sim.fetch(
      new Request(`${TARGET_SIMULATOR_ORIGIN}${path}`, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
}
