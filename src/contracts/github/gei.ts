import { finiteNumberOf, isRecord, ShapeError, stringOf, type JsonRecord } from '../json';
import { GEI_MIGRATION_STATES, type GeiMigrationState } from '../move-run';

/**
 * The target GitHub.com's GraphQL answers as a move reads them (GitHub Enterprise Importer's side, issue 36):
 * parsed here, at the edge, so the gateway never casts an answer. Fields and names as GitHub's published schema
 * and gh-gei's operations (`../shared/reference/whole-move.md` §1.2).
 */

/** One entry of a GraphQL `errors` list: GitHub puts its `type` beside the message (FORBIDDEN, RATE_LIMIT, …). */
export interface GraphqlError {
  type?: string;
  message: string;
  /** Where in `data` it happened: the root field (or alias) first. */
  path?: (string | number)[];
}

export interface GraphqlAnswer {
  data: JsonRecord | null;
  errors: GraphqlError[];
}

const malformed = (what: string) =>
  new ShapeError('github', `Unexpected ${what} in GitHub’s GraphQL answer.`);

/** At most this many errors are read (a hostile answer may list millions); messages are cut to 500 chars. */
const MAX_ERRORS = 200;

function parseError(value: unknown): GraphqlError {
  if (!isRecord(value)) throw malformed('error');
  const message = stringOf(value.message)?.slice(0, 500) ?? 'GitHub gave no message.';
  const type = stringOf(value.type)?.slice(0, 60);
  const path = Array.isArray(value.path)
    ? value.path
        .slice(0, 20)
        .filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
    : undefined;
  return { message, ...(type ? { type } : {}), ...(path ? { path } : {}) };
}

/** `{ data, errors }`: either may be missing; anything else is not a GraphQL answer. */
export function parseGraphqlAnswer(body: unknown): GraphqlAnswer {
  if (!isRecord(body)) throw malformed('body');
  const { data, errors } = body;
  if (data !== undefined && data !== null && !isRecord(data)) throw malformed('data');
  if (errors !== undefined && !Array.isArray(errors)) throw malformed('errors');
  return {
    data: isRecord(data) ? data : null,
    errors: (errors ?? []).slice(0, MAX_ERRORS).map(parseError),
  };
}

/** The organization a move lands in: its node id (starts), database id (uploads' path) and name. */
export interface TargetOrganization {
  id: string;
  databaseId: number;
  login: string;
  name: string | null;
}

/** `organization(login) { id databaseId login name }`, or null when GitHub answered none. */
export function parseTargetOrganization(value: unknown): TargetOrganization | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw malformed('organization');
  const id = stringOf(value.id);
  const databaseId = finiteNumberOf(value.databaseId);
  const login = stringOf(value.login);
  if (!id || databaseId === undefined || !Number.isSafeInteger(databaseId) || !login)
    throw malformed('organization');
  const name = stringOf(value.name) ?? null;
  return { id, databaseId, login, name };
}

/** `rateLimit { limit remaining used resetAt cost }`: the GraphQL points of the account the token spends. */
export interface GraphqlRateLimit {
  limit: number;
  remaining: number;
  used: number;
  resetAt: string;
  cost: number;
}

export function parseGraphqlRateLimit(value: unknown): GraphqlRateLimit | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isRecord(value)) throw malformed('rateLimit');
  const limit = finiteNumberOf(value.limit);
  const remaining = finiteNumberOf(value.remaining);
  const used = finiteNumberOf(value.used);
  const cost = finiteNumberOf(value.cost);
  const resetAt = stringOf(value.resetAt);
  if (
    limit === undefined ||
    remaining === undefined ||
    used === undefined ||
    cost === undefined ||
    !resetAt ||
    Number.isNaN(Date.parse(resetAt))
  )
    throw malformed('rateLimit');
  return { limit, remaining, used, resetAt, cost };
}

/** `repository(owner, name) { name }`: present (the name is taken) or null (GitHub's NOT_FOUND beside it). */
export function parseRepositoryPresence(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (!isRecord(value) || typeof value.name !== 'string') throw malformed('repository');
  return true;
}

/**
 * GraphQL-Features gh-gei sends on every request (whole-move.md §1.3); accepted, not required, by today's
 * GitHub: sent so a GitHub that still flags them answers as it answers gh-gei.
 */
export const GEI_GRAPHQL_FEATURES = 'import_api,mannequin_claiming_emu,org_import_api';

/** `createMigrationSource { migrationSource { id, name, url, type } }`: GEI's source, created once per move. */
export function parseMigrationSourceId(value: unknown): string {
  if (!isRecord(value) || !isRecord(value.migrationSource)) throw malformed('migration source');
  const id = stringOf(value.migrationSource.id);
  if (!id) throw malformed('migration source');
  return id;
}

/** A `RepositoryMigration` as a move reads it (`GEI_MIGRATION_STATES` in src/contracts/move-run.ts). */
export interface GeiMigration {
  id: string;
  state: GeiMigrationState;
  /** GitHub's words when it failed; undefined when it gave none (GitHub answers "" then). */
  failureReason?: string;
  /** The presigned log URL, for 24 hours after the end; undefined before and after. */
  migrationLogUrl?: string;
  repositoryName?: string;
  createdAt?: string;
  /** The migration source it was started from (`migrationSource { id }`): whose import it is, on no one's clock. */
  sourceId?: string;
}

const isGeiState = (value: unknown): value is GeiMigrationState =>
  typeof value === 'string' && (GEI_MIGRATION_STATES as readonly string[]).includes(value);

/**
 * One migration (`startRepositoryMigration`'s, `node`/`nodes`' `... on Migration`, a connection's node); null for
 * null or for a node that is not a migration (the fragment answered `{}`). Reasons are cut to 2,000 characters.
 */
export function parseGeiMigration(value: unknown): GeiMigration | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw malformed('migration');
  if (value.id === undefined && value.state === undefined) return null;
  const id = stringOf(value.id);
  if (!id || !isGeiState(value.state)) throw malformed('migration');
  const failureReason = stringOf(value.failureReason)?.slice(0, 2_000);
  const logUrl = stringOf(value.migrationLogUrl);
  const repositoryName = stringOf(value.repositoryName)?.slice(0, 200);
  const createdAt = stringOf(value.createdAt);
  const sourceId = isRecord(value.migrationSource)
    ? stringOf(value.migrationSource.id)?.slice(0, 200)
    : undefined;
  return {
    id,
    state: value.state,
    ...(failureReason ? { failureReason } : {}),
    ...(logUrl && /^https?:\/\//i.test(logUrl) ? { migrationLogUrl: logUrl.slice(0, 4_096) } : {}),
    ...(repositoryName ? { repositoryName } : {}),
    ...(createdAt && !Number.isNaN(Date.parse(createdAt)) ? { createdAt } : {}),
    ...(sourceId ? { sourceId } : {}),
  };
}

/** `organization { repositoryMigrations { nodes } }`: the list (at most 100 read), nulls dropped. */
export function parseMigrationNodes(value: unknown): GeiMigration[] {
  if (!isRecord(value) || !isRecord(value.repositoryMigrations)) throw malformed('repositoryMigrations');
  const nodes = value.repositoryMigrations.nodes;
  if (!Array.isArray(nodes)) throw malformed('repositoryMigrations');
  return nodes
    .slice(0, 100)
    .map(parseGeiMigration)
    .filter((found): found is GeiMigration => found !== null);
}

/** `nodes(ids:)`: one entry per id asked, in order (null where GitHub resolved none). */
export function parseMigrationList(value: unknown, asked: number): (GeiMigration | null)[] {
  if (!Array.isArray(value) || value.length !== asked) throw malformed('nodes');
  return value.map(parseGeiMigration);
}

/** `abortRepositoryMigration { success }`. */
export function parseAbortSuccess(value: unknown): boolean {
  if (!isRecord(value)) throw malformed('abortRepositoryMigration');
  return value.success === true;
}

/** An archive in GitHub-owned storage as its upload answers (`201 {guid,node_id,name,size,uri,created_at}`). */
export interface UploadedArchive {
  uri: string;
  guid?: string;
  size?: number;
}

const GEI_URI = /^gei:\/\/archive\/[A-Za-z0-9._-]{1,200}$/;

/** The upload's 201: `uri` must be a `gei://archive/…` URI (what `startRepositoryMigration` takes). */
export function parseUploadedArchive(value: unknown): UploadedArchive {
  if (!isRecord(value)) throw malformed('archive');
  const uri = stringOf(value.uri);
  if (!uri || !GEI_URI.test(uri)) throw malformed('archive uri');
  const guid = stringOf(value.guid)?.slice(0, 200);
  const size = finiteNumberOf(value.size);
  return { uri, ...(guid ? { guid } : {}), ...(size !== undefined ? { size } : {}) };
}
