import {
  execute,
  Kind,
  parse,
  validate,
  type DocumentNode,
  OperationTypeNode,
  type GraphQLError,
  type OperationDefinitionNode,
} from 'graphql';
import type { TargetFault } from '../faults';
import type { TargetState } from '../state';
import type { Caller, TargetWorld } from '../world';
import { createContext } from './context';
import { queryCost } from './cost';
import { mutationRoot } from './mutations';
import { charge, pointsUsed, POINTS_PER_HOUR, resetAtMs, spendSecondary } from './points';
import { queryRoot } from './query';
import { targetSchema } from './schema';

export const MAX_QUERY_LENGTH = 32 * 1024;

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** GitHub's error shape: `type` beside `message`, `path` and `locations`. */
function formatError(error: GraphQLError) {
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

function limitHeaders(state: TargetState, caller: Caller, now: number): Record<string, string> {
  const used = pointsUsed(state, caller.account, now);
  return {
    'x-ratelimit-limit': String(POINTS_PER_HOUR),
    'x-ratelimit-remaining': String(Math.max(0, POINTS_PER_HOUR - used)),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(Math.floor(resetAtMs(state, now) / 1000)),
    'x-ratelimit-resource': 'graphql',
  };
}

/** The root fields an operation selects (aliases aside), with where each starts. */
function rootFields(operation: OperationDefinitionNode) {
  return operation.selectionSet.selections.flatMap((node) =>
    node.kind === Kind.FIELD
      ? [{ name: node.name.value, key: node.alias?.value ?? node.name.value, loc: node.loc }]
      : [],
  );
}

const GEI_UNAVAILABLE = 'GitHub Enterprise Importer is currently unavailable. Please try again later.';
const BAD_GATEWAY =
  'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. Please include `SIM-TARGET` when reporting this issue.';
const SECONDARY =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID SIM-TARGET.';

/** The secondary limit's answer, as gh-gei detects it: `errors[0].type == "RATE_LIMIT"`, with `retry-after`. */
function secondaryLimit(headers: Record<string, string>, retryAfterSeconds: number): GraphqlAnswer {
  return {
    status: 200,
    body: { errors: [{ type: 'RATE_LIMIT', code: 'abuse', message: SECONDARY }] },
    headers: { ...headers, 'retry-after': String(retryAfterSeconds) },
  };
}

/** What an injected fault answers instead of the operation (see ../faults.ts). */
function faultAnswer(
  fault: TargetFault,
  fields: ReturnType<typeof rootFields>,
  headers: Record<string, string>,
): GraphqlAnswer {
  if (fault.kind === 'bad-gateway')
    return { status: 502, body: { data: null, errors: [{ message: BAD_GATEWAY }] }, headers };
  if (fault.kind === 'secondary-rate-limit') return secondaryLimit(headers, 60);
  const field = fields.find((f) => f.name === fault.field) ?? fields[0];
  const start = field?.loc?.startToken;
  return {
    status: 200,
    body: {
      data: field ? { [field.key]: null } : null,
      errors: [
        {
          type: 'SERVICE_UNAVAILABLE',
          ...(field ? { path: [field.key] } : {}),
          ...(start ? { locations: [{ line: start.line, column: start.column }] } : {}),
          message: GEI_UNAVAILABLE,
        },
      ],
    },
    headers,
  };
}

const errorsOnly = (messages: { message: string; type?: string }[]) => ({ errors: messages });

/** One GraphQL request: parse, validate against the schema the headers select, charge points, execute. */
export async function runGraphql(
  world: TargetWorld,
  caller: Caller,
  request: GraphqlRequest,
  options: { origin: string; storagePreview: boolean },
): Promise<GraphqlAnswer> {
  const state = world.state();
  const now = world.clock.now();
  const answer = (body: unknown): GraphqlAnswer => ({
    status: 200,
    body,
    headers: limitHeaders(state, caller, now),
  });
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: 5_000 });
  } catch (error) {
    return answer({ errors: [formatError(error as GraphQLError)] });
  }
  const schema = targetSchema(options.storagePreview);
  const invalid = validate(schema, document, undefined, { maxErrors: 20 });
  if (invalid.length > 0) return answer({ errors: invalid.map(formatError) });
  const operation = pickOperation(document, request.operationName);
  if (typeof operation === 'string') return answer(errorsOnly([{ message: operation }]));

  const fields = rootFields(operation);
  const fault = world.faults.hit(fields.map((f) => f.name));
  if (fault) return faultAnswer(fault, fields, limitHeaders(state, caller, now));

  const wait = spendSecondary(state, caller.account, operation.operation === OperationTypeNode.MUTATION, now);
  if (wait !== undefined) return secondaryLimit(limitHeaders(state, caller, now), wait);

  const cost = queryCost(document, operation, request.variables);
  if (pointsUsed(state, caller.account, now) + cost > POINTS_PER_HOUR) {
    return answer(
      errorsOnly([
        { type: 'RATE_LIMITED', message: `API rate limit exceeded for user ID ${caller.accountId}.` },
      ]),
    );
  }
  charge(state, caller.account, cost, now);
  const contextValue = createContext({
    world,
    state,
    caller,
    now,
    origin: options.origin,
    storagePreview: options.storagePreview,
    cost,
  });
  const result = await execute({
    schema,
    document,
    operationName: request.operationName,
    variableValues: request.variables,
    contextValue,
    rootValue: operation.operation === OperationTypeNode.MUTATION ? mutationRoot : queryRoot,
  });
  return answer({
    data: result.data ?? null,
    ...(result.errors ? { errors: result.errors.map(formatError) } : {}),
  });
}
