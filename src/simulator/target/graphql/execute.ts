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
import type { TargetState } from '../state';
import type { Caller, TargetWorld } from '../world';
import { createContext } from './context';
import { queryCost } from './cost';
import { mutationRoot } from './mutations';
import { charge, pointsUsed, POINTS_PER_HOUR, resetAtMs } from './points';
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
