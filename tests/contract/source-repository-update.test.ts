import { describe, expect, it } from 'vitest';
import { createSimulator } from '@/simulator/simulator';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { expectMatchesOperation, expectStatusAccepted } from './openapi-harness';

/**
 * `PATCH /repos/{owner}/{repo}` (`repos/update`, the gateway's own write: a move archives its source) on the
 * simulated source against GitHub's OpenAPI description: `full-repository` on success, GitHub's error shapes else.
 */
const sim = () => createSimulator({ speed: 0, scenario: 'quiet' });
const patch = (s: ReturnType<typeof sim>, path: string, body: unknown, token = SIM_TOKENS.octocat) =>
  s.fetch(
    new Request(`http://sim.test/api/v3${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('repos/update on the simulated source', () => {
  it('200 full-repository (archived), 403 for an archived repository’s other change, 404, 422', async () => {
    const s = sim();
    const archived = await patch(s, '/repos/octo-org/hello-world', { archived: true });
    expect(archived.status).toBe(200);
    const body = (await archived.json()) as { archived: boolean };
    expectMatchesOperation('repos/update', 200, body);
    expect(body.archived).toBe(true);

    const readOnly = await patch(s, '/repos/octo-org/hello-world', { description: 'x' });
    expect(readOnly.status).toBe(403);
    expectMatchesOperation('repos/update', 403, await readOnly.json());

    const missing = await patch(s, '/repos/octo-org/no-such-repo', { archived: true });
    expect(missing.status).toBe(404);
    expectMatchesOperation('repos/update', 404, await missing.json());

    const invalid = await patch(s, '/repos/octo-org/docs', { archived: 'yes' });
    expect(invalid.status).toBe(422);
    expectStatusAccepted('repos/update', 422);
    // GitHub's 422 bodies now carry `status: "422"`, which `validation-failed` does not declare (as migrations').
    expectMatchesOperation('repos/update', 422, await invalid.json(), { undeclared: ['/status'] });
  });
});
