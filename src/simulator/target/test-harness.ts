/** Test support for the target GitHub.com: a frozen simulator, a GraphQL caller, GEI's operations. */
import { expect } from 'vitest';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '../simulator';
import { TARGET_ORG, TARGET_TOKENS } from './seed';

export interface GqlError {
  type?: string;
  path?: string[];
  message: string;
}
export interface Org {
  id: string;
  login: string;
  databaseId: number;
}
export interface Migration {
  id: string;
  state: string;
  migrationLogUrl: string | null;
  failureReason?: string | null;
}
export interface Mannequins {
  nodes: { login: string; id: string; claimant: unknown }[];
}

export const START = Date.UTC(2026, 10, 1, 9, 0, 0);
export const FEATURES = 'import_api,mannequin_claiming_emu,org_import_api';

export function harness() {
  const sim = createSimulator({ speed: 0, startMs: START });
  const graphql = async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    token: string = TARGET_TOKENS.octocat,
    extraHeaders: Record<string, string> = {},
    status = 200,
  ) => {
    const response = await sim.fetch(
      new Request(`${TARGET_SIMULATOR_ORIGIN}/graphql`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'graphql-features': FEATURES,
          ...extraHeaders,
        },
        body: JSON.stringify({ query, variables }),
      }),
    );
    expect(response.status).toBe(status);
    return {
      headers: response.headers,
      body: (await response.json()) as { data: T; errors: GqlError[]; message?: string },
    };
  };
  return { sim, graphql };
}

/** The target organization and a new GEI migration source on it: the first two steps of every import. */
export async function orgAndSource(
  h: ReturnType<typeof harness>,
  named: { name: string; url: string } = { name: 'GHES Source', url: 'https://ghes.example' },
) {
  const org = (await h.graphql<{ organization: Org }>(ORG_QUERY, { login: TARGET_ORG })).body.data
    .organization;
  const source = (
    await h.graphql<{ createMigrationSource: { migrationSource: { id: string } } }>(SOURCE, {
      ...named,
      ownerId: org.id,
      type: 'GITHUB_ARCHIVE',
    })
  ).body.data.createMigrationSource.migrationSource;
  return { org, source };
}

export const ORG_QUERY =
  'query($login: String!) {organization(login: $login) { login, id, name, databaseId } }';
export const SOURCE = `mutation createMigrationSource($name: String!, $url: String!, $ownerId: ID!, $type: MigrationSourceType!) {
  createMigrationSource(input: {name: $name, url: $url, ownerId: $ownerId, type: $type}) { migrationSource { id, name, url, type } } }`;
export const START_MIGRATION = `mutation startRepositoryMigration($sourceId: ID!, $ownerId: ID!, $sourceRepositoryUrl: URI!, $repositoryName: String!, $continueOnError: Boolean!, $gitArchiveUrl: String, $metadataArchiveUrl: String, $accessToken: String!, $githubPat: String, $skipReleases: Boolean, $targetRepoVisibility: String, $lockSource: Boolean) {
  startRepositoryMigration(input: { sourceId: $sourceId, ownerId: $ownerId, sourceRepositoryUrl: $sourceRepositoryUrl, repositoryName: $repositoryName, continueOnError: $continueOnError, gitArchiveUrl: $gitArchiveUrl, metadataArchiveUrl: $metadataArchiveUrl, accessToken: $accessToken, githubPat: $githubPat, skipReleases: $skipReleases, targetRepoVisibility: $targetRepoVisibility, lockSource: $lockSource }) {
    repositoryMigration { id, databaseId, migrationSource { id, name, type }, sourceUrl, state, failureReason } } }`;
export const GET_MIGRATION = `query($id: ID!) { node(id: $id) { ... on Migration { id, sourceUrl, migrationLogUrl, migrationSource { name }, state, warningsCount, failureReason, repositoryName } } }`;
export const COUNTS = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
  tags: refs(refPrefix: "refs/tags/") { totalCount }
  open: pullRequests(states: [OPEN]) { totalCount } merged: pullRequests(states: [MERGED]) { totalCount }
  all: pullRequests { totalCount } issues { totalCount } releases { totalCount }
  defaultBranchRef { name target { ... on Commit { oid history { totalCount } } } } } }`;
export const MANNEQUINS = `query($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on Organization { mannequins(first: $first, after: $after) {
  pageInfo { endCursor hasNextPage } nodes { login id claimant { login id } } } } } }`;
export const INVITE = `mutation($orgId: ID!,$sourceId: ID!,$targetId: ID!) { createAttributionInvitation(input: { ownerId: $orgId, sourceId: $sourceId, targetId: $targetId }) {
  source { ... on Mannequin { id login } } target { ... on User { id login } } } }`;
export const USER = 'query($login: String!) {user(login: $login) { id, name } }';

export async function upload(
  sim: ReturnType<typeof createSimulator>,
  orgDatabaseId: number,
  bytes: Buffer,
  token: string,
) {
  return sim.fetch(
    new Request(
      `${TARGET_SIMULATOR_ORIGIN}/uploads/organizations/${orgDatabaseId}/gei/archive?name=widget.tar.gz`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      },
    ),
  );
}
