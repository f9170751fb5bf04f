import { execute, OperationTypeNode } from 'graphql';
import { queryCost } from '@/simulator/graphql/cost';
import {
  formatError,
  prepareQuery,
  rootFields,
  secondaryLimitBody,
  secondaryLimitRefusal,
  type GraphqlRequest,
} from '@/simulator/graphql/request';
import type { SecondaryLimitAnswer, TargetFault } from '../faults';
import type { TargetState } from '../state';
import type { Caller, TargetWorld } from '../world';
import { createContext } from './context';
import { mutationRoot } from './mutations';
import { charge, pointsUsed, POINTS_PER_HOUR, resetAtMs, spendSecondary } from './points';
import { queryRoot } from './query';
import { targetSchema } from './schema';

export interface GraphqlAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
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

const GEI_UNAVAILABLE = 'GitHub Enterprise Importer is currently unavailable. Please try again later.';
const BAD_GATEWAY =
  'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug. Please include `SIM-TARGET` when reporting this issue.';
/**
 * The secondary limit's answer, with `retry-after`: GitHub's documented 403 by default, or the 200 with
 * `errors[0].type == "RATE_LIMIT"` that gh-gei also detects (`secondaryLimitAnswer: 'graphql'`).
 */
function secondaryLimit(
  headers: Record<string, string>,
  retryAfterSeconds: number,
  form: SecondaryLimitAnswer = 'http',
): GraphqlAnswer {
  return {
    status: form === 'http' ? 403 : 200,
    body: form === 'http' ? secondaryLimitRefusal('SIM-TARGET') : secondaryLimitBody('SIM-TARGET'),
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
  if (fault.kind === 'secondary-rate-limit') return secondaryLimit(headers, 60, 'http');
  if (fault.kind === 'secondary-rate-limit-graphql') return secondaryLimit(headers, 60, 'graphql');
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
  const schema = targetSchema(options.storagePreview);
  const prepared = prepareQuery(schema, request);
  if ('errors' in prepared) return answer({ errors: prepared.errors });
  const { document, operation } = prepared;

  const fields = rootFields(operation);
  const fault = world.faults.hit(fields.map((f) => f.name));
  if (fault) return faultAnswer(fault, fields, limitHeaders(state, caller, now));

  const wait = spendSecondary(state, caller.account, operation.operation === OperationTypeNode.MUTATION, now);
  if (wait !== undefined)
    return secondaryLimit(limitHeaders(state, caller, now), wait, state.secondaryLimitAnswer);

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
