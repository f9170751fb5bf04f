import {
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { bodyLimit } from 'hono/body-limit';
import { isRecord } from '@/contracts/json';

/**
 * What both simulated GitHubs (the source at `/api/graphql`, the target at `/graphql`) do with a GraphQL request
 * before their own resolvers run: the body's checks, the limits on size and tokens, parsing, validation, the
 * operation to run, and GitHub's error shape.
 */
export const MAX_QUERY_LENGTH = 32 * 1024;
/** Tokens a query may have (graphql-js stops parsing past it: 10,000 aliases never reach validation). */
export const MAX_TOKENS = 5_000;
export const GRAPHQL_DOCS = 'https://docs.github.com/graphql';

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** A refusal before GraphQL runs: GitHub's status and body. */
export interface GraphqlRefusal {
  status: 400;
  body: unknown;
}

/** A body larger than twice the query limit: 413, without reading the rest. */
export const graphqlBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_QUERY_LENGTH * 2,
    onError: (c) => c.json({ message: 'Body too large', documentation_url: GRAPHQL_DOCS }, 413),
  });

/** The request in a parsed JSON body (undefined when the body was not JSON), or GitHub's 400. */
export function graphqlRequestOf(body: unknown): GraphqlRequest | GraphqlRefusal {
  if (!isRecord(body))
    return { status: 400, body: { message: 'Problems parsing JSON', documentation_url: GRAPHQL_DOCS } };
  const { query, variables, operationName } = body;
  if (typeof query !== 'string' || query.length === 0)
    return {
      status: 400,
      body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
    };
  if (variables !== undefined && variables !== null && !isRecord(variables))
    return { status: 400, body: { errors: [{ message: 'Variables are invalid JSON.' }] } };
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    return { status: 400, body: { errors: [{ message: 'operationName must be a string.' }] } };
  return {
    query,
    variables: variables ?? {},
    operationName: operationName ?? undefined,
  };
}

export const isRefusal = (value: GraphqlRequest | GraphqlRefusal): value is GraphqlRefusal =>
  'status' in value;

/** GitHub's error shape: `type` beside `message`, `path` and `locations`. */
export function formatError(error: GraphQLError) {
  const type = error.extensions?.type;
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

function pickOperation(document: DocumentNode, name?: string): OperationDefinitionNode | string {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (name)
    return (
      operations.find((o) => o.name?.value === name) ?? `Unknown operation named "${name.slice(0, 100)}".`
    );
  if (operations.length !== 1) return 'Must provide operation name if query contains multiple operations.';
  return operations[0] as OperationDefinitionNode;
}

/** Parse, validate and pick the operation; or the `errors` GitHub answers (HTTP 200) for a query that fails. */
export function prepareQuery(
  schema: GraphQLSchema,
  request: GraphqlRequest,
): { document: DocumentNode; operation: OperationDefinitionNode } | { errors: unknown[] } {
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    return { errors: [formatError(error as GraphQLError)] };
  }
  const invalid = validate(schema, document, undefined, { maxErrors: 20 });
  if (invalid.length > 0) return { errors: invalid.map(formatError) };
  const operation = pickOperation(document, request.operationName);
  if (typeof operation === 'string') return { errors: [{ message: operation }] };
  return { document, operation };
}

/** The root fields an operation selects (aliases aside), with where each starts. */
export function rootFields(operation: OperationDefinitionNode) {
  return operation.selectionSet.selections.flatMap((node) =>
    node.kind === Kind.FIELD
      ? [{ name: node.name.value, key: node.alias?.value ?? node.name.value, loc: node.loc }]
      : [],
  );
}

/** The secondary limit's body, as gh-gei detects it: `errors[0].type == "RATE_LIMIT"` (with `retry-after`). */
export function secondaryLimitBody(requestId: string) {
  return {
    errors: [
      {
        type: 'RATE_LIMIT',
        code: 'abuse',
        message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`,
      },
    ],
  };
}

export const SECONDARY_LIMIT_DOCS =
  'https://docs.github.com/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api#secondary-rate-limits';

/**
 * The secondary limit as GitHub documents it for REST and GraphQL alike: HTTP 403, a message naming it, and
 * `retry-after` (set by the caller). The 200 + `RATE_LIMIT` form (`secondaryLimitBody`) is the other one seen.
 */
export function secondaryLimitRefusal(requestId: string) {
  return {
    message: `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${requestId}.`,
    documentation_url: SECONDARY_LIMIT_DOCS,
  };
}
