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
 * The inventory as a preview reads it: the source's REST client of the plan (its listing's, under the account's
 * gate) and the source's GraphQL under the same gate; a failure is said beside the plan, never fails it.
 */
export function previewInventory(options: {
  config: GatewayConfig;
  credentials: Credentials;
  fetchGithub: UpstreamFetch;
  limits: AccountLimits;
  clientOf: (name: string | undefined) => GithubClient;
  store?: () => Promise<InventoryStore>;
  now: () => number;
}) {
  const { config } = options;
  const kept = memoryInventoryStore();
  const inventory = createInventory({
    store: options.store ?? (() => Promise.resolve(kept)),
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
