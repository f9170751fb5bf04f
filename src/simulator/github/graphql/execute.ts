import { execute } from 'graphql';
import { queryCost, queryNodeCount } from '@/simulator/graphql/cost';
import {
  formatError,
  prepareQuery,
  secondaryLimitRefusal,
  type GraphqlRequest,
} from '@/simulator/graphql/request';
import { spendSecondary, type SecondaryWindows } from '@/simulator/graphql/secondary-limit';
import type { Actor } from '../auth';
import { budgetOf } from '../budgets';
import type { CategoryStatus } from '../rate-limits';
import type { GithubState } from '../state';
import { sourceQueryRoot } from './query';
import { sourceSchema } from './schema';

export interface SourceGraphqlAnswer {
  status: 200 | 403;
  body: unknown;
  headers: Record<string, string>;
}

/** Each world's secondary-limit minutes (not saved with the world: a minute's count does not outlive a restart). */
const secondaryWindows = new WeakMap<GithubState, SecondaryWindows>();

function windowsOf(state: GithubState): SecondaryWindows {
  let windows = secondaryWindows.get(state);
  if (!windows) secondaryWindows.set(state, (windows = new Map<string, [number, number]>()));
  return windows;
}

function limitHeaders(status: CategoryStatus | undefined): Record<string, string> {
  if (!status) return {};
  return {
    'x-ratelimit-limit': String(status.limit),
    'x-ratelimit-remaining': String(status.remaining),
    'x-ratelimit-used': String(status.used),
    'x-ratelimit-reset': String(status.reset),
    'x-ratelimit-resource': 'graphql',
  };
}

function exceeded(state: GithubState, actor: Actor): string {
  const installation = /^installation:(\d+)$/.exec(actor.identity)?.[1];
  if (installation) return `API rate limit exceeded for installation ID ${installation}.`;
  return `API rate limit exceeded for user ID ${state.world.accounts.get(actor.login ?? '')?.id ?? 0}.`;
}

/**
 * One GraphQL request to the source: parse and validate, the secondary limit (a query counts 1 a minute), then
 * GitHub's point rule charged to the caller's `graphql` budget (what `/rate_limit` shows), then execute.
 * With rate limiting off (scenario `rate-limit-disabled`) nothing is charged and no `x-ratelimit-*` is sent.
 */
export async function runSourceGraphql(
  state: GithubState,
  actor: Actor,
  request: GraphqlRequest,
  now: number,
): Promise<SourceGraphqlAnswer> {
  const limited = state.scenario !== 'rate-limit-disabled';
  const status = () => (limited ? state.limiter.status(actor.identity, 'graphql', now) : undefined);
  const answer = (body: unknown, extra: Record<string, string> = {}): SourceGraphqlAnswer => ({
    status: 200,
    body,
    headers: { ...limitHeaders(status()), ...extra },
  });

  const schema = sourceSchema();
  const prepared = prepareQuery(schema, request);
  if ('errors' in prepared) return answer({ errors: prepared.errors });
  const { document, operation } = prepared;

  const budget = budgetOf(state.world.tokens, actor.identity);
  const wait = spendSecondary(windowsOf(state), state.limiter.options.originMs, budget, false, now);
  // GitHub's documented answer, as the target's by default (`secondaryLimitRefusal`: 403 + `retry-after`).
  if (wait !== undefined)
    return {
      ...answer(secondaryLimitRefusal(`SIM:${now.toString(16).toUpperCase()}`), {
        'retry-after': String(wait),
      }),
      status: 403,
    };

  const cost = queryCost(document, operation, request.variables);
  if (limited) {
    if ((status()?.remaining ?? 0) < cost)
      return answer({ errors: [{ type: 'RATE_LIMITED', message: exceeded(state, actor) }] });
    state.limiter.consume(actor.identity, 'graphql', now, cost);
    state.stats.counted += 1;
  }
  const result = await execute({
    schema,
    document,
    operationName: request.operationName,
    variableValues: request.variables,
    contextValue: {
      state,
      actor,
      now,
      cost,
      nodeCount: queryNodeCount(document, operation, request.variables),
    },
    rootValue: sourceQueryRoot,
  });
  return answer({
    data: result.data ?? null,
    ...(result.errors ? { errors: result.errors.map(formatError) } : {}),
  });
}
