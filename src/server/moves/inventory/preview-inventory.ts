import { finiteNumberOf, isRecord } from '@/contracts/json';
import type { MoveStartRequest } from '@/contracts/move-run';
import { upstreamClockRate, type GatewayConfig } from '@/server/config';
import { sourceGate, type AccountLimits } from '@/server/credentials/account-limits';
import type { Credential, Credentials } from '@/server/credentials/credentials';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import type { InventoryStore } from '@/server/store/inventory-store';
import { RateLimitedError, type GithubClient } from '@/server/waves/github-client';
import { createTargetClient } from '../target-client';
import { graphqlPostOf, sourceGraphqlBase } from '../validation/graphql-posts';
import { createInventory, memoryInventoryStore, type InventoryRead } from './inventory';

/**
 * The source account's GraphQL points left, read now from `GET /rate_limit` (GitHub does not count it): a read the
 * budget cannot pay is not sent (GraphQL's limit answer would hold the account, its REST too, until the reset).
 * None when GitHub does not say (rate limiting off) or the read fails: the inventory goes ahead.
 */
async function graphqlLeft(
  client: GithubClient,
): Promise<{ remaining: number; resetAt: string } | undefined> {
  try {
    const answer = await client.get<unknown>('rate_limit');
    const graphql =
      isRecord(answer.body) && isRecord(answer.body.resources) ? answer.body.resources.graphql : undefined;
    if (answer.status !== 200 || !isRecord(graphql)) return undefined;
    const remaining = finiteNumberOf(graphql.remaining);
    const reset = finiteNumberOf(graphql.reset);
    return remaining === undefined || reset === undefined
      ? undefined
      : { remaining, resetAt: new Date(reset * 1000).toISOString() };
  } catch {
    return undefined;
  }
}

/**
 * The inventory as a preview reads it: the source's REST client of the plan (its listing's, under the account's
 * gate) and the source's GraphQL under the same gate; a failure is said beside the plan, never fails it.
 */
export function previewInventory(options: {
  config: GatewayConfig;
  credentials: Credentials;
  fetchGithub: UpstreamFetch;
  limits: AccountLimits;
  clientOf: (name: string | undefined) => GithubClient;
  inventories?: (() => Promise<InventoryStore>) | undefined;
  now: () => number;
}) {
  const { config } = options;
  const kept = memoryInventoryStore();
  const inventory = createInventory({
    store: options.inventories ?? (() => Promise.resolve(kept)),
    now: options.now,
  });

  const sourceGraphql = (source: Credential) =>
    graphqlPostOf(
      createTargetClient({
        baseUrl: sourceGraphqlBase(config.github.baseUrl),
        authorization: () => source.authorization(),
        fetch: options.fetchGithub,
        bounds: jsonBounds(config),
        gate: sourceGate(options.limits, options.credentials, source.name),
        clockRate: upstreamClockRate(config, 'github'),
        side: 'the source',
      }),
    );

  /** The inventory of the chosen repositories, or why it could not be read (the plan stands without it). */
  return async (
    request: MoveStartRequest,
    source: Credential,
    selected: readonly { name: string; hasPages?: boolean }[],
  ): Promise<InventoryRead | { error: string }> => {
    // Nothing is sent while GitHub holds the account, or when the GraphQL budget is known spent: hitting it would
    // hold the account for every request (a move's starts too) until its reset.
    const held = await sourceGate(options.limits, options.credentials, source.name).heldMs();
    if (held > 0)
      return {
        error: `The inventory waits: GitHub asked Ferry to wait ${Math.ceil(held / 1000)} s more with this account.`,
      };
    const budget = await graphqlLeft(options.clientOf(source.name));
    if (budget && budget.remaining < 1 + Math.ceil(selected.length / 50))
      return {
        error: `The inventory waits for the source's GraphQL budget (spent until ${budget.resetAt}).`,
      };
    try {
      return await inventory.read({
        owner: request.source.login,
        credential: source.name,
        repos: selected,
        refresh: request.inventory === 'refresh',
        get: options.clientOf(source.name).get,
        post: sourceGraphql(source),
      });
    } catch (error) {
      const why = error instanceof RateLimitedError ? 'GitHub asked Ferry to wait' : (error as Error).message;
      return { error: `The inventory could not be read: ${String(why).slice(0, 300)}` };
    }
  };
}
