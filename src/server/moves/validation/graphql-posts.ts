import type { TargetClient } from '@/server/moves/target-client';
import type { GraphqlPost } from './count-side';

/**
 * Where each side answers GraphQL, for the target client (src/server/moves/target-client.ts), which posts to
 * `{baseUrl}/graphql` through the gateway's bounded fetch and types limits and outages. The target's base is
 * `TARGET_GITHUB_API_URL` itself; the source's is its REST base without `/v3`: GHES answers GraphQL at
 * `/api/graphql` beside REST's `/api/v3` (`/api/v3/graphql` is a 404, gh-gei#1468), GitHub.com at
 * `https://api.github.com/graphql`.
 */
export function sourceGraphqlBase(restBaseUrl: string): string {
  return restBaseUrl.replace(/\/+$/, '').replace(/\/v3$/, '');
}

/** The client's POST as a validation sends it: the answer only. */
export const graphqlPostOf =
  (client: Pick<TargetClient, 'query'>): GraphqlPost =>
  async (query, variables) =>
    (await client.query(query, variables)).answer;
