import { describe, expect, it } from 'vitest';
import { SIGN_IN_OPERATIONS } from '@/contracts/github/sign-in-operations';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createSimulator } from '@/simulator/simulator';
import { expectMatchesOperation, findOperation, openApiPath } from './openapi-harness';

/**
 * The reads a sign-in makes with the person's token (src/contracts/github/sign-in-operations.ts, plus `repos/get` for
 * `permissions.admin`) on the simulated source, against GitHub's OpenAPI description: strict about undeclared
 * fields. The OAuth web flow itself (`/login/oauth/…`) is not in the REST description: its tests are
 * src/simulator/github/oauth/oauth.test.ts.
 */
const sim = createSimulator({ speed: 0, scenario: 'quiet' });
const INSTALLATION_TOKEN = 'ghs_SimSignInContractFAKE';
sim.github().world.tokens.set(INSTALLATION_TOKEN, { scopes: [], kind: 'installation', installationId: 4242 });

async function get(path: string, token: string) {
  const response = await sim.fetch(
    new Request(`http://sim.test/api/v3${path}`, {
      headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${token}` },
    }),
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('a sign-in’s reads on the simulated source', () => {
  it.each(SIGN_IN_OPERATIONS.map((operation) => [operation.id, operation] as const))(
    '%s is in the subset with the same method and path',
    (id, operation) => {
      const found = findOperation(id);
      expect(found, `${id} missing: re-run npm run contract:extract`).toBeDefined();
      expect(found?.method).toBe(operation.method);
      expect(found?.path).toBe(openApiPath(operation.path));
    },
  );

  it('orgs/get-membership-for-authenticated-user: 200 for an owner and a member, 404, 403 to an App', async () => {
    const id = 'orgs/get-membership-for-authenticated-user';
    for (const [token, role] of [
      [SIM_TOKENS.octocat, 'admin'],
      [SIM_TOKENS.monalisa, 'member'],
    ] as const) {
      const { status, body } = await get('/user/memberships/orgs/octo-org', token);
      expect(status).toBe(200);
      expectMatchesOperation(id, 200, body);
      expect(body).toMatchObject({ role, state: 'active' });
    }
    const missing = await get('/user/memberships/orgs/no-such-org', SIM_TOKENS.hubot);
    expect(missing.status).toBe(404);
    expectMatchesOperation(id, 404, missing.body);
    const app = await get('/user/memberships/orgs/octo-org', INSTALLATION_TOKEN);
    expect(app.status).toBe(403);
    expectMatchesOperation(id, 403, app.body);
  });

  it('repos/get on the source: 200 full-repository with the caller’s permissions, 404', async () => {
    const docs = await get('/repos/octo-org/docs', SIM_TOKENS.monalisa);
    expect(docs.status).toBe(200);
    expectMatchesOperation('repos/get', 200, docs.body);
    expect(docs.body).toMatchObject({ permissions: { admin: true } });
    const missing = await get('/repos/octo-org/no-such-repo', SIM_TOKENS.monalisa);
    expect(missing.status).toBe(404);
    expectMatchesOperation('repos/get', 404, missing.body);
  });
});
