import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';

let sim: Simulator;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
});

const BASE = 'http://sim.test/api/v3';

function call(method: string, path: string, body?: string, token: string | null = SIM_TOKENS.octocat) {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return sim.fetch(new Request(`${BASE}${path}`, { method, headers, body }));
}
const patch = (path: string, body: unknown, token?: string | null) =>
  call('PATCH', path, typeof body === 'string' ? body : JSON.stringify(body), token);

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('PATCH /repos/{owner}/{repo} (repos/update)', () => {
  it('archives a repository: 200 with the repository, archived; again: 200, still archived', async () => {
    const first = await patch('/repos/octo-org/hello-world', { archived: true });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ full_name: 'octo-org/hello-world', archived: true });
    const again = await patch('/repos/octo-org/hello-world', { archived: true });
    expect(again.status).toBe(200);
    const listed = (await (await call('GET', '/orgs/octo-org/repos?per_page=100')).json()) as {
      name: string;
      archived: boolean;
    }[];
    expect(listed.find((repo) => repo.name === 'hello-world')?.archived).toBe(true);
    expect(listed.filter((repo) => repo.archived)).toHaveLength(1);
  });

  it('refuses other changes to an archived repository (403, GitHub’s words); unarchiving is allowed', async () => {
    await patch('/repos/octo-org/hello-world', { archived: true });
    const edit = await patch('/repos/octo-org/hello-world', { description: 'new' });
    expect(edit.status).toBe(403);
    expect(await message(edit)).toBe('Repository was archived so is read-only.');
    expect((await patch('/repos/octo-org/hello-world', { archived: false })).status).toBe(200);
    expect((await patch('/repos/octo-org/hello-world', { description: 'new' })).status).toBe(200);
  });

  it('an archived repository can still be exported, with its lock (a read of it)', async () => {
    await patch('/repos/octo-org/hello-world', { archived: true });
    const started = await call(
      'POST',
      '/orgs/octo-org/migrations',
      JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
    );
    expect(started.status).toBe(201);
  });

  it('refuses a write to a repository an export locked (403) until it is unlocked', async () => {
    const started = await call(
      'POST',
      '/orgs/octo-org/migrations',
      JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
    );
    const { id } = (await started.json()) as { id: number };
    const locked = await patch('/repos/octo-org/hello-world', { archived: true });
    expect(locked.status).toBe(403);
    expect(await message(locked)).toBe('Repository has been locked for migration.');
    expect((await call('DELETE', `/orgs/octo-org/migrations/${id}/repos/hello-world/lock`)).status).toBe(204);
    expect((await patch('/repos/octo-org/hello-world', { archived: true })).status).toBe(200);
  });

  it('refuses an import into an archived repository (403)', async () => {
    await patch('/repos/octocat/Spoon-Knife', { archived: true });
    const start = await call(
      'PUT',
      '/repos/octocat/Spoon-Knife/import',
      JSON.stringify({ vcs_url: 'https://svn.example.com/x' }),
    );
    expect(start.status).toBe(403);
    expect(await message(start)).toBe('Repository was archived so is read-only.');
  });

  it('answers 404 for a repository that does not exist or the caller cannot see, 403 for a member, 401 without a token', async () => {
    expect((await patch('/repos/octo-org/nope', { archived: true })).status).toBe(404);
    expect((await patch('/repos/nobody/hello-world', { archived: true })).status).toBe(404);
    const member = await patch('/repos/octo-org/hello-world', { archived: true }, SIM_TOKENS.hubot);
    expect(member.status).toBe(403);
    expect((await patch('/repos/octo-org/hello-world', { archived: true }, null)).status).toBe(401);
  });

  it('hostile bodies: a wrong type 422 in GitHub’s words, not JSON 400, a NUL 404, a huge body 413; nothing changed', async () => {
    const yes = await patch('/repos/octo-org/hello-world', { archived: 'yes' });
    expect(yes.status).toBe(422);
    expect(await message(yes)).toBe(`Invalid request.\n\nFor 'properties/archived', "yes" is not a boolean.`);
    expect((await patch('/repos/octo-org/hello-world', '{"archived":')).status).toBe(400);
    expect((await patch('/repos/octo-org/hello-world', '[true]')).status).toBe(400);
    expect((await patch('/repos/octo-org/hello-world', { archived: true, private: 'x' })).status).toBe(422);
    expect((await patch('/repos/octo-org/hello%00world', { archived: true })).status).toBe(404);
    const huge = await patch('/repos/octo-org/hello-world', {
      archived: true,
      description: 'x'.repeat(1_000_000),
    });
    expect(huge.status).toBe(413);
    const listed = (await (await call('GET', '/orgs/octo-org/repos?per_page=100')).json()) as {
      archived: boolean;
    }[];
    expect(listed.some((repo) => repo.archived)).toBe(false);
  });
});
