import { beforeEach, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';
import { readArchive } from './read-archive';

const ORIGIN = 'http://sim.test';
const BASE = `${ORIGIN}/api/v3`;
const PREVIEW = 'application/vnd.github.wyandotte-preview+json';
const DAY_S = 86_400;
const NO_SCOPES = 'sim-token-noscopes-FAKE';

let sim: Simulator;
beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
});

interface Options {
  method?: string;
  token?: string | null;
  body?: unknown;
  accept?: string;
}

function gh(
  path: string,
  { method = 'GET', token = SIM_TOKENS.octocat, body, accept = PREVIEW }: Options = {},
) {
  const headers = new Headers({ accept });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return sim.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

interface MigrationBody {
  id: number;
  state: string;
  guid: string;
  lock_repositories: boolean;
  repositories: { name: string }[];
  archive_url?: string;
  created_at: string;
  updated_at: string;
}

async function start(path: string, body: unknown, token?: string): Promise<MigrationBody> {
  const response = await gh(path, { method: 'POST', body, token });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MigrationBody;
}

async function status(path: string): Promise<MigrationBody> {
  const response = await gh(path);
  expect(response.status).toBe(200);
  return (await response.json()) as MigrationBody;
}

async function download(path: string): Promise<Map<string, Buffer>> {
  const redirect = await gh(`${path}/archive`);
  expect(redirect.status).toBe(302);
  const location = redirect.headers.get('location') ?? '';
  // GHES's body is the URL too: gh-gei reads it there (GetArchiveMigrationUrl follows no redirect).
  expect(await redirect.text()).toBe(location);
  const stored = await sim.fetch(new Request(location));
  expect(stored.status).toBe(200);
  expect(stored.headers.get('content-type')).toBe('application/x-gzip');
  return readArchive(new Uint8Array(await stored.arrayBuffer()));
}

describe('organization migrations: the state machine', () => {
  it('starts pending, then exports with the clock, and the archive appears', async () => {
    const created = await start('/orgs/octo-org/migrations', {
      repositories: ['hello-world', 'octo-org/cli-tools'],
      lock_repositories: true,
    });
    expect(created.state).toBe('pending');
    expect(created.repositories.map((repo) => repo.name)).toEqual(['hello-world', 'cli-tools']);
    expect(created.archive_url).toBeUndefined();
    const path = `/orgs/octo-org/migrations/${created.id}`;
    expect((await gh(`${path}/archive`)).status).toBe(404);

    sim.advance(7); // pending lasts 5 s + 1 s per repository
    const exporting = await status(path);
    expect(exporting.state).toBe('exporting');
    expect(exporting.updated_at > created.updated_at).toBe(true);

    sim.advance(60);
    const exported = await status(path);
    expect(exported.state).toBe('exported');
    expect(exported.archive_url).toBe(`${BASE}${path}/archive`);
  });

  it('takes longer for more and larger repositories', async () => {
    const small = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    const large = await start('/orgs/octo-org/migrations', {
      repositories: ['legacy-monolith', 'ml-experiments', 'data-pipeline'],
    });
    sim.advance(40);
    expect((await status(`/orgs/octo-org/migrations/${small.id}`)).state).toBe('exported');
    expect((await status(`/orgs/octo-org/migrations/${large.id}`)).state).toBe('exporting');
    sim.advance(300);
    expect((await status(`/orgs/octo-org/migrations/${large.id}`)).state).toBe('exported');
  });

  it('fails when a repository’s name contains "broken"', async () => {
    const created = await start('/user/migrations', { repositories: ['dotfiles', 'broken-build'] });
    sim.advance(600);
    const failed = await status(`/user/migrations/${created.id}`);
    expect(failed.state).toBe('failed');
    expect((await gh(`/user/migrations/${created.id}/archive`)).status).toBe(404);
  });
});

describe('the archive', () => {
  it('is a gzip tar with schema.json, the JSON resources, attachments and git data', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['hello-world', 'octo-api'] });
    sim.advance(120);
    const files = await download(`/orgs/octo-org/migrations/${created.id}`);
    for (const name of [
      'schema.json',
      'repositories_000001.json',
      'users_000001.json',
      'organizations_000001.json',
      'issues_000001.json',
      'pull_requests_000001.json',
      'releases_000001.json',
      'attachments_000001.json',
      'projects_000001.json',
      'repositories/octo-org/hello-world.git/HEAD',
      'repositories/octo-org/octo-api.git/refs/heads/main',
    ]) {
      expect(files.has(name), name).toBe(true);
    }
    expect([...files.keys()].some((name) => name.startsWith('attachments/octo-org/hello-world/'))).toBe(true);
    for (const [name, body] of files)
      if (name.endsWith('.json')) expect(() => JSON.parse(String(body)) as unknown).not.toThrow();
    expect(JSON.parse(String(files.get('schema.json')))).toMatchObject({ version: '1.0.1' });
    const repos = JSON.parse(String(files.get('repositories_000001.json'))) as { name: string }[];
    expect(repos.map((repo) => repo.name)).toEqual(['hello-world', 'octo-api']);
    const orgs = JSON.parse(String(files.get('organizations_000001.json'))) as { login: string }[];
    expect(orgs.map((org) => org.login)).toEqual(['octo-org']);
  });

  it('honours the exclusions', async () => {
    const created = await start('/orgs/octo-org/migrations', {
      repositories: ['hello-world'],
      exclude_attachments: true,
      exclude_git_data: true,
      exclude_releases: true,
      exclude_owner_projects: true,
    });
    sim.advance(120);
    const names = [...(await download(`/orgs/octo-org/migrations/${created.id}`)).keys()];
    expect(names).toContain('issues_000001.json');
    expect(names.filter((name) => /^(attachments|repositories\/)/.test(name))).toEqual([]);
    expect(names).not.toContain('releases_000001.json');
    expect(names).not.toContain('projects_000001.json');

    const bare = await start('/orgs/octo-org/migrations', { repositories: ['docs'], exclude_metadata: true });
    sim.advance(120);
    const bareNames = [...(await download(`/orgs/octo-org/migrations/${bare.id}`)).keys()];
    expect(bareNames).toContain('repositories/octo-org/docs.git/HEAD');
    expect(bareNames).not.toContain('issues_000001.json');

    const orgOnly = await start('/orgs/octo-org/migrations', { repositories: [], org_metadata_only: true });
    sim.advance(120);
    expect([...(await download(`/orgs/octo-org/migrations/${orgOnly.id}`)).keys()].sort()).toEqual([
      'organizations_000001.json',
      'schema.json',
      'users_000001.json',
    ]);
  });

  it('storage refuses an Authorization header, a bad signature and an expired URL', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    sim.advance(60);
    const redirect = await gh(`/orgs/octo-org/migrations/${created.id}/archive`);
    const location = redirect.headers.get('location') ?? '';
    expect(new URL(location).origin).toBe('http://sim.test:81');
    const withAuth = await sim.fetch(new Request(location, { headers: { authorization: 'Bearer x' } }));
    expect(withAuth.status).toBe(400);
    expect(await withAuth.text()).toMatch(/Only one auth mechanism allowed/);
    // Change the signature's first character to another one (replacing a 0 by 0 would change nothing).
    const tampered = await sim.fetch(
      new Request(
        location.replace(
          /X-Sim-Signature=(\w)/,
          (_, first: string) => `X-Sim-Signature=${first === '0' ? '1' : '0'}`,
        ),
      ),
    );
    expect(tampered.status).toBe(403);
    sim.advance(301);
    const expired = await sim.fetch(new Request(location));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/Request has expired/);
  });

  it('can be deleted (then 404) while the migration stays listed', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    sim.advance(60);
    const path = `/orgs/octo-org/migrations/${created.id}`;
    const location = (await gh(`${path}/archive`)).headers.get('location') ?? '';
    expect((await gh(`${path}/archive`, { method: 'DELETE' })).status).toBe(204);
    expect((await gh(`${path}/archive`, { method: 'DELETE' })).status).toBe(404);
    expect((await gh(`${path}/archive`)).status).toBe(404);
    expect((await sim.fetch(new Request(location))).status).toBe(404);
    const after = await status(path);
    expect(after.state).toBe('exported');
    expect(after.archive_url).toBeUndefined();
    const list = (await (await gh('/orgs/octo-org/migrations')).json()) as { id: number }[];
    expect(list.map((item) => item.id)).toContain(created.id);
  });

  it('expires seven simulated days after the export finished', async () => {
    const created = await start('/user/migrations', { repositories: ['dotfiles'] });
    sim.advance(60);
    const path = `/user/migrations/${created.id}`;
    expect((await gh(`${path}/archive`)).status).toBe(302);
    sim.advance(7 * DAY_S - 120);
    expect((await gh(`${path}/archive`)).status).toBe(302);
    sim.advance(120);
    expect((await gh(`${path}/archive`)).status).toBe(404);
    expect((await status(path)).state).toBe('exported');
  });
});

describe('locks', () => {
  it('unlocks each locked repository once; unlocking again (or an unlocked one) is 404', async () => {
    const locked = await start('/orgs/octo-org/migrations', {
      repositories: ['hello-world', 'docs'],
      lock_repositories: true,
    });
    const path = `/orgs/octo-org/migrations/${locked.id}`;
    expect((await gh(`${path}/repos/hello-world/lock`, { method: 'DELETE' })).status).toBe(204);
    expect((await gh(`${path}/repos/hello-world/lock`, { method: 'DELETE' })).status).toBe(404);
    expect((await gh(`${path}/repos/DOCS/lock`, { method: 'DELETE' })).status).toBe(204);
    expect((await gh(`${path}/repos/octo-api/lock`, { method: 'DELETE' })).status).toBe(404);

    const unlocked = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    const other = `/orgs/octo-org/migrations/${unlocked.id}/repos/docs/lock`;
    expect((await gh(other, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('lists and pagination', () => {
  it('lists most recent first and pages the migration’s repositories with Link headers', async () => {
    const first = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    const second = await start('/orgs/octo-org/migrations', {
      repositories: ['hello-world', 'octo-api', 'octo-web', 'docs', 'cli-tools'],
    });
    const list = await gh('/orgs/octo-org/migrations?per_page=1');
    expect(((await list.json()) as { id: number }[]).map((item) => item.id)).toEqual([second.id]);
    expect(parseLinkHeader(list.headers.get('link')).next).toContain('page=2');
    expect(first.id).toBeLessThan(second.id);

    const repos = await gh(`/orgs/octo-org/migrations/${second.id}/repositories?per_page=2&page=3`);
    expect(((await repos.json()) as { name: string }[]).map((repo) => repo.name)).toEqual(['cli-tools']);
    expect(parseLinkHeader(repos.headers.get('link')).prev).toContain('page=2');

    const excluded = (await (
      await gh('/orgs/octo-org/migrations?exclude=repositories')
    ).json()) as MigrationBody[];
    expect(excluded.every((item) => item.repositories.length === 0)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match while nothing changed', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    const path = `${BASE}/orgs/octo-org/migrations/${created.id}`;
    const headers = { authorization: `Bearer ${SIM_TOKENS.octocat}`, accept: PREVIEW };
    const first = await sim.fetch(new Request(path, { headers }));
    const etag = first.headers.get('etag') ?? '';
    expect(
      (await sim.fetch(new Request(path, { headers: { ...headers, 'if-none-match': etag } }))).status,
    ).toBe(304);
    sim.advance(10);
    expect(
      (await sim.fetch(new Request(path, { headers: { ...headers, 'if-none-match': etag } }))).status,
    ).toBe(200);
  });
});

describe('errors', () => {
  it('422 names the wrong field', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'repositories', 'missing_field'],
      [{ repositories: 'docs' }, 'repositories', 'invalid'],
      [{ repositories: [] }, 'repositories', 'missing'],
      [{ repositories: ['nope'] }, 'repositories', 'invalid'],
      [{ repositories: ['octocat/dotfiles'] }, 'repositories', 'invalid'],
      [{ repositories: ['docs'], org_metadata_only: true }, 'repositories', 'invalid'],
      [{ repositories: ['docs'], lock_repositories: 'yes' }, 'lock_repositories', 'invalid'],
      [{ repositories: ['docs'], exclude: ['issues'] }, 'exclude', 'invalid'],
    ];
    for (const [body, field, code] of cases) {
      const response = await gh('/orgs/octo-org/migrations', { method: 'POST', body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const error = (await response.json()) as { message: string; errors: { field: string; code: string }[] };
      expect(error.message).toBe('Validation Failed');
      expect(error.errors[0]).toMatchObject({ field, code });
    }
  });

  it('hides an organization’s migrations from non-owners (404) and needs a token (401)', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    expect((await gh('/orgs/octo-org/migrations', { token: SIM_TOKENS.hubot })).status).toBe(404);
    expect((await gh(`/orgs/octo-org/migrations/${created.id}`, { token: SIM_TOKENS.hubot })).status).toBe(
      404,
    );
    expect(
      (
        await gh('/orgs/octo-org/migrations', {
          method: 'POST',
          token: SIM_TOKENS.hubot,
          body: { repositories: ['docs'] },
        })
      ).status,
    ).toBe(404);
    expect((await gh('/orgs/no-such-org/migrations')).status).toBe(404);
    expect((await gh('/orgs/octo-org/migrations/999')).status).toBe(404);
    expect((await gh('/orgs/octo-org/migrations', { token: null })).status).toBe(401);
    // A user migration id is not an organization migration.
    const mine = await start('/user/migrations', { repositories: ['dotfiles'] });
    expect((await gh(`/orgs/octo-org/migrations/${mine.id}`)).status).toBe(404);
  });

  it('user migrations: 401 without a token, 403 without the repo scope', async () => {
    expect((await gh('/user/migrations', { token: null })).status).toBe(401);
    sim.github().world.tokens.set(NO_SCOPES, { login: 'hubot', scopes: [] });
    const forbidden = await gh('/user/migrations', { token: NO_SCOPES });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toMatch(/repo scope/);
    expect((await gh('/user/migrations', { token: SIM_TOKENS.hubot })).status).toBe(200);
  });

  it('preview operations answer today’s media types as GitHub does (Octokit sends application/vnd.github.v3+json)', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    for (const accept of ['application/vnd.github+json', 'application/vnd.github.v3+json', PREVIEW]) {
      const answer = await gh(`/orgs/octo-org/migrations/${created.id}`, { accept });
      expect(answer.status, accept).toBe(200);
    }
    expect((await gh('/user/migrations', { accept: 'application/vnd.github.v3+json' })).status).toBe(200);
  });

  it('scenario strict-preview: preview operations need the wyandotte Accept (415); starting does not', async () => {
    sim.reset({ scenario: 'strict-preview' });
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    const refused = await gh(`/orgs/octo-org/migrations/${created.id}`, {
      accept: 'application/vnd.github+json',
    });
    expect(refused.status).toBe(415);
    expect((await gh(`/orgs/octo-org/migrations/${created.id}`)).status).toBe(200);
    const started = await gh('/user/migrations', {
      method: 'POST',
      body: { repositories: ['dotfiles'] },
      accept: 'application/vnd.github+json',
    });
    expect(started.status).toBe(201);
  });

  it('the archive redirect points at storage on another origin than the API', async () => {
    const created = await start('/orgs/octo-org/migrations', { repositories: ['docs'] });
    sim.advance(120);
    const redirect = await gh(`/orgs/octo-org/migrations/${created.id}/archive`);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(location.origin).not.toBe(ORIGIN);
    expect(location.hostname).toBe(new URL(ORIGIN).hostname);
  });
});
