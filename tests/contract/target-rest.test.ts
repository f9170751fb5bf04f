import { describe, expect, it } from 'vitest';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { expectMatchesOperation } from './openapi-harness';

/**
 * The target GitHub.com's REST answers against GitHub's OpenAPI description, where the vendored subset has the
 * operation (`GET /rate_limit`; the organization and repository reads are not in it: see docs/target-world.md).
 */
describe('the target GitHub.com’s REST answers', () => {
  it('GET /rate_limit matches rate-limit/get, its graphql resource the caller’s points', async () => {
    const sim = createSimulator({ speed: 0 });
    const response = await sim.fetch(
      new Request(`${TARGET_SIMULATOR_ORIGIN}/rate_limit`, {
        headers: { authorization: `Bearer ${TARGET_TOKENS.octocat}` },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { resources: { graphql: { limit: number } } };
    expectMatchesOperation('rate-limit/get', 200, body);
    expect(body.resources.graphql.limit).toBe(5_000);
  });
});
