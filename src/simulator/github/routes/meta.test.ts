import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';
import { GHES_VERSION } from './meta';

const sim = createSimulator({ speed: 0, scenario: 'quiet' });
const get = (path: string, token?: string) =>
  sim.fetch(
    new Request(`http://sim.test/api/v3${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );

describe('the source says which GitHub Enterprise Server it is', () => {
  it("answers GET /meta with its installed_version, as gh-gei's version check reads it", async () => {
    for (const token of [SIM_TOKENS.octocat, undefined]) {
      const answer = await get('/meta', token);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { installed_version?: unknown };
      expect(body.installed_version).toBe(GHES_VERSION);
      expect(answer.headers.get('x-github-enterprise-version')).toBe(GHES_VERSION);
    }
  });

  it('names its version on every answer, refusals included', async () => {
    expect((await get('/user', SIM_TOKENS.octocat)).headers.get('x-github-enterprise-version')).toBe(
      GHES_VERSION,
    );
    const refused = await get('/orgs/no-such-org/migrations', SIM_TOKENS.octocat);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-github-enterprise-version')).toBe(GHES_VERSION);
  });
});
