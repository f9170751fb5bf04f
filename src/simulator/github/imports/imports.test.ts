import { beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import { SIM_TOKENS } from '../seed';
import { mappingSeconds, STEP_SECONDS } from './store';

let sim: Simulator;

beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet', startMs: Date.UTC(2026, 0, 15, 12) });
});

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

async function gh<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token: string = SIM_TOKENS.octocat,
): Promise<Answer<T>> {
  const headers = new Headers({ authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await sim.fetch(
    new Request(`http://sim.test/api/v3${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

const REPO = '/repos/octo-org/hello-world';
const start = (body: unknown) => gh('PUT', `${REPO}/import`, body);
const status = async () => (await gh('GET', `${REPO}/import`)).body;
const advance = (seconds: number) => sim.advance(seconds);

type Author = { id: number; remote_id: string; remote_name: string; name: string; email: string };

describe('the normal progression', () => {
  it('goes importing → mapping → pushing → complete with percents when vcs is given', async () => {
    const created = await start({ vcs_url: 'https://git.example.com/acme/app.git', vcs: 'git' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('http://sim.test/api/v3/repos/octo-org/hello-world/import');
    expect(created.body).toMatchObject({
      vcs: 'git',
      status: 'importing',
      status_text: 'Importing...',
      import_percent: 0,
      percent: 0,
      use_lfs: 'undecided',
      has_large_files: false,
      large_files_count: 0,
      large_files_size: 0,
    });
    expect(created.body.commit_count).toEqual(expect.any(Number));

    advance(STEP_SECONDS.importing / 2);
    expect(await status()).toMatchObject({ status: 'importing', import_percent: 50, percent: 50 });
    advance(STEP_SECONDS.importing / 2);
    const mapping = await status();
    expect(mapping).toMatchObject({ status: 'mapping' });
    expect(mapping).not.toHaveProperty('import_percent');
    advance(STEP_SECONDS.mapping + STEP_SECONDS.pushing / 3);
    const pushing = await status();
    expect(pushing).toMatchObject({ status: 'pushing', push_percent: 33 });
    advance(STEP_SECONDS.pushing);
    expect(await status()).toMatchObject({ status: 'complete', status_text: 'Done' });
  });

  it('detects the system first when vcs is missing, inferring it from the URL', async () => {
    const created = await start({ vcs_url: 'http://svn.example.com/svn/myproject' });
    expect(created.body).toMatchObject({ status: 'detecting', vcs: null });
    expect(created.body).not.toHaveProperty('status_text');
    advance(STEP_SECONDS.detecting);
    expect(await status()).toMatchObject({ status: 'importing', vcs: 'subversion' });
  });

  it.each([
    ['https://hg.example.org/hg/project', 'mercurial'],
    ['http://tfs.example.com/tfs/myproject', 'tfvc'],
    ['https://code.example.com/team/tool.git', 'git'],
  ])('infers %s as %s', async (url, vcs) => {
    await start({ vcs_url: url });
    advance(STEP_SECONDS.detecting);
    expect(await status()).toMatchObject({ vcs });
  });
});

describe('problem states and their remedies', () => {
  it('detection_needs_auth → credentials → detecting → importing', async () => {
    await start({ vcs_url: 'https://svn.example.com/private/repo' });
    advance(STEP_SECONDS.detecting);
    expect(await status()).toMatchObject({ status: 'detection_needs_auth' });
    const updated = await gh('PATCH', `${REPO}/import`, { vcs_username: 'octocat', vcs_password: 'secret' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'detecting' });
    advance(STEP_SECONDS.detecting);
    expect(await status()).toMatchObject({ status: 'importing', vcs: 'subversion' });
  });

  it('auth_failed during the raw step → credentials → resumes where it stopped', async () => {
    await start({ vcs_url: 'https://svn.example.com/needs-auth/repo', vcs: 'subversion' });
    advance(STEP_SECONDS.importing / 4);
    const failed = await status();
    expect(failed).toMatchObject({ status: 'auth_failed' });
    expect(failed.status_text).toMatch(/requires a username and password/);
    // A refused password fails again.
    await gh('PATCH', `${REPO}/import`, { vcs_username: 'octocat', vcs_password: 'wrong' });
    advance(STEP_SECONDS.importing / 4);
    expect(await status()).toMatchObject({ status: 'auth_failed' });
    const resumed = await gh('PATCH', `${REPO}/import`, { vcs_username: 'octocat', vcs_password: 'right' });
    expect(resumed.body).toMatchObject({ status: 'importing', import_percent: 10 });
    advance(STEP_SECONDS.importing);
    expect(await status()).toMatchObject({ status: 'mapping' });
  });

  it('credentials given at the start avoid the problem', async () => {
    await start({
      vcs_url: 'https://svn.example.com/private/repo',
      vcs: 'subversion',
      vcs_username: 'u',
      vcs_password: 'p',
    });
    advance(STEP_SECONDS.importing - 1);
    expect(await status()).toMatchObject({ status: 'importing' });
  });

  it('detection_found_multiple → a project choice → importing with tfvc_project', async () => {
    await start({ vcs_url: 'http://tfs.example.com/tfs/multiple' });
    advance(STEP_SECONDS.detecting);
    const found = await status();
    expect(found).toMatchObject({ status: 'detection_found_multiple' });
    const choices = found.project_choices as { vcs: string; tfvc_project: string; human_name: string }[];
    expect(choices[1]).toEqual({ vcs: 'tfvc', tfvc_project: 'project1', human_name: 'project1 (tfs)' });

    const wrong = await gh('PATCH', `${REPO}/import`, { vcs: 'tfvc', tfvc_project: 'nope' });
    expect(wrong.body).toMatchObject({ status: 'detection_found_multiple' });
    expect(wrong.body.status_text).toMatch(/no project “nope”/);

    const chosen = await gh('PATCH', `${REPO}/import`, choices[1]);
    expect(chosen.body).toMatchObject({ status: 'importing', vcs: 'tfvc', tfvc_project: 'project1' });
    expect(chosen.body).not.toHaveProperty('project_choices');
  });

  it('detection_found_nothing → cancel → start again with the corrected URL', async () => {
    await start({ vcs_url: 'https://example.com/nothing-here' });
    advance(STEP_SECONDS.detecting);
    expect(await status()).toMatchObject({ status: 'detection_found_nothing' });
    expect((await gh('DELETE', `${REPO}/import`)).status).toBe(204);
    expect((await gh('GET', `${REPO}/import`)).status).toBe(404);
    const again = await start({ vcs_url: 'https://example.com/repo.git', vcs: 'git' });
    expect(again.status).toBe(201);
  });

  it('error at a named step carries failed_step and error_message; a restart gets through', async () => {
    await start({ vcs_url: 'https://git.example.com/fail-at-rewrite.git', vcs: 'git' });
    advance(STEP_SECONDS.importing + STEP_SECONDS.mapping);
    const failed = await status();
    expect(failed).toMatchObject({ status: 'error', failed_step: 'rewrite' });
    expect(failed.error_message).toMatch(/Rewriting history failed/);
    const restarted = await gh('PATCH', `${REPO}/import`);
    expect(restarted.body).toMatchObject({ status: 'importing', import_percent: 0 });
    expect(restarted.body).not.toHaveProperty('failed_step');
    advance(STEP_SECONDS.importing + STEP_SECONDS.mapping + STEP_SECONDS.pushing);
    expect(await status()).toMatchObject({ status: 'complete' });
  });

  it.each(['detect', 'raw', 'push'])('fail-at-%s fails at that step', async (step) => {
    await start({ vcs_url: `https://git.example.com/fail-at-${step}.git` });
    advance(STEP_SECONDS.detecting + STEP_SECONDS.importing + STEP_SECONDS.mapping + STEP_SECONDS.pushing);
    expect(await status()).toMatchObject({ status: 'error', failed_step: step });
  });

  it('an empty JSON body or null also restarts; with no vcs known it detects again', async () => {
    await start({ vcs_url: 'https://example.com/repo.git' });
    advance(STEP_SECONDS.detecting + 5);
    expect((await gh('PATCH', `${REPO}/import`, {})).body).toMatchObject({ status: 'importing' });
    expect((await gh('PATCH', `${REPO}/import`, null)).body).toMatchObject({ status: 'importing' });
  });

  it('cancel stops the import and it is gone', async () => {
    await start({ vcs_url: 'https://example.com/repo.git', vcs: 'git' });
    expect((await gh('DELETE', `${REPO}/import`)).status).toBe(204);
    for (const path of ['import', 'import/authors', 'import/large_files']) {
      expect((await gh('GET', `${REPO}/${path}`)).status).toBe(404);
    }
    expect((await gh('DELETE', `${REPO}/import`)).status).toBe(404);
  });
});

describe('starting', () => {
  it('validates the body with GitHub’s 422 shape', async () => {
    const missing = await start({ vcs: 'git' });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Import', field: 'vcs_url', code: 'missing_field' }],
    });
    const bad = await start({ vcs_url: 'not a url', vcs: 'cvs' });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as { field: string }[]).map((error) => error.field)).toEqual(['vcs_url', 'vcs']);
  });

  it('refuses a second import and unknown repositories', async () => {
    await start({ vcs_url: 'https://example.com/repo.git' });
    const second = await start({ vcs_url: 'https://example.com/repo.git' });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ errors: [{ code: 'already_exists' }] });
    expect((await gh('PUT', '/repos/octo-org/nope/import', { vcs_url: 'https://x.test/a' })).status).toBe(
      404,
    );
    await gh('PUT', '/repos/octocat/dotfiles/import', { vcs_url: 'https://x.test/a.git' });
    // hubot cannot see octocat's personal repository's import.
    expect((await gh('GET', '/repos/octocat/dotfiles/import', undefined, SIM_TOKENS.hubot)).status).toBe(404);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await sim.fetch(
      new Request(`http://sim.test/api/v3${REPO}/import`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' },
        body: '{oops',
      }),
    );
    expect(response.status).toBe(400);
  });
});

describe('commit authors', () => {
  it('are discovered during the raw step, deterministic, with synthesised identities for Subversion', async () => {
    await start({ vcs_url: 'http://svn.example.com/svn/authors-40', vcs: 'subversion' });
    expect((await gh<Author[]>('GET', `${REPO}/import/authors`)).body).toEqual([]);
    advance(STEP_SECONDS.importing / 2);
    expect((await gh<Author[]>('GET', `${REPO}/import/authors`)).body).toHaveLength(20);
    advance(STEP_SECONDS.importing / 2);
    const all = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect(all).toHaveLength(40);
    expect((await status()).authors_count).toBe(40);
    const synthesised = all.filter((author) =>
      /@[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(author.email),
    );
    expect(synthesised.length).toBe(40);
    const bare = all.find((author) => !author.remote_name.includes('@'));
    expect(bare?.name).toBe(bare?.remote_name);
    expect(bare?.email).toBe(bare?.remote_id);
    expect(bare?.email.startsWith(`${bare?.remote_name}@`)).toBe(true);

    const since = all[29]?.id ?? 0;
    const later = (await gh<Author[]>('GET', `${REPO}/import/authors?since=${since}`)).body;
    expect(later.map((author) => author.id)).toEqual(all.slice(30).map((author) => author.id));

    // Same URL, same authors.
    const other = createSimulator({ speed: 0 });
    const again = await other.fetch(
      new Request('http://sim.test/api/v3/repos/octo-org/docs/import', {
        method: 'PUT',
        headers: { authorization: `Bearer ${SIM_TOKENS.octocat}` },
        body: JSON.stringify({ vcs_url: 'http://svn.example.com/svn/authors-40', vcs: 'subversion' }),
      }),
    );
    expect(again.status).toBe(201);
    other.advance(STEP_SECONDS.importing);
    const theirs = (await (
      await other.fetch(
        new Request('http://sim.test/api/v3/repos/octo-org/docs/import/authors', {
          headers: { authorization: `Bearer ${SIM_TOKENS.octocat}` },
        }),
      )
    ).json()) as Author[];
    expect(theirs.map((author) => author.email)).toEqual(all.map((author) => author.email));
  });

  it('git authors carry real names and emails', async () => {
    await start({ vcs_url: 'https://git.example.com/app.git', vcs: 'git' });
    advance(STEP_SECONDS.importing);
    const authors = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect(authors.length).toBeGreaterThan(0);
    for (const author of authors) expect(author.name).toMatch(/^\w+ \w+$/);
  });

  it('has a 10,000-author scenario', async () => {
    await start({ vcs_url: 'http://svn.example.com/svn/authors-10000', vcs: 'subversion' });
    advance(STEP_SECONDS.importing);
    const authors = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect(authors).toHaveLength(10_000);
    expect(new Set(authors.map((author) => author.id)).size).toBe(10_000);
  });

  it('has a 100,000-author scenario with distinct ids, and a second import gets ids of its own', async () => {
    await start({ vcs_url: 'http://svn.example.com/svn/authors-100000', vcs: 'subversion' });
    advance(STEP_SECONDS.importing);
    const authors = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect(authors).toHaveLength(100_000);
    expect(new Set(authors.map((author) => author.id)).size).toBe(100_000);
    expect(new Set(authors.map((author) => author.remote_name)).size).toBe(100_000);
  });

  it('leaves a realistic mapping window for a large import (2 s per author), the quick one for small', async () => {
    expect(mappingSeconds(12)).toBe(STEP_SECONDS.mapping);
    expect(mappingSeconds(10_000)).toBe(20_000);
    await start({ vcs_url: 'http://svn.example.com/svn/authors-10000', vcs: 'subversion' });
    advance(STEP_SECONDS.importing + STEP_SECONDS.mapping + 60);
    expect(await status()).toMatchObject({ status: 'mapping' });
    const [first] = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect((await gh('PATCH', `${REPO}/import/authors/${first?.id}`, { name: 'Still Open' })).status).toBe(
      200,
    );
    advance(20_000 - 80 + 10); // 80 s of the window were used above
    expect(await status()).toMatchObject({ status: 'pushing' });
  });

  it('maps an author until pushing starts, validates, and 404s unknown authors', async () => {
    await start({ vcs_url: 'http://svn.example.com/svn/project', vcs: 'subversion' });
    advance(STEP_SECONDS.importing);
    const listed = await gh<Author[]>('GET', `${REPO}/import/authors`);
    const [first] = listed.body;
    if (!first) throw new Error('no authors');
    const mapped = await gh('PATCH', `${REPO}/import/authors/${first.id}`, {
      name: 'Hubot the Robot',
      email: 'hubot@github.com',
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ id: first.id, name: 'Hubot the Robot', email: 'hubot@github.com' });
    // The list (serialized once per change, the first read above) shows the mapping at once, under a new ETag.
    const relisted = await gh<Author[]>('GET', `${REPO}/import/authors`);
    expect(relisted.body[0]).toMatchObject({ id: first.id, name: 'Hubot the Robot' });
    expect(relisted.headers.get('etag')).not.toBe(listed.headers.get('etag'));
    const invalid = await gh('PATCH', `${REPO}/import/authors/${first.id}`, { email: 'not an email' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ errors: [{ field: 'email', code: 'invalid' }] });
    expect((await gh('PATCH', `${REPO}/import/authors/${first.id}`, { name: '  ' })).status).toBe(422);
    expect((await gh('PATCH', `${REPO}/import/authors/${first.id}`, { colour: 'teal' })).status).toBe(422);
    expect((await gh('PATCH', `${REPO}/import/authors/1`, { name: 'x' })).status).toBe(404);

    advance(STEP_SECONDS.mapping);
    expect(await status()).toMatchObject({ status: 'pushing' });
    const refused = await gh('PATCH', `${REPO}/import/authors/${first.id}`, { name: 'Too Late' });
    expect(refused.status).toBe(422);
    const [refusal] = refused.body.errors as { code: string; message: string }[];
    expect(refusal?.code).toBe('custom');
    expect(refusal?.message).toMatch(/pushed/);
    const after = (await gh<Author[]>('GET', `${REPO}/import/authors`)).body;
    expect(after[0]?.name).toBe('Hubot the Robot');
  });
});

describe('large files and the LFS choice', () => {
  it('lists large files, waits for the choice before pushing, and says so', async () => {
    await start({ vcs_url: 'https://git.example.com/large-files.git', vcs: 'git' });
    expect((await gh<unknown[]>('GET', `${REPO}/import/large_files`)).body).toEqual([]);
    advance(STEP_SECONDS.importing);
    const files = (
      await gh<{ ref_name: string; path: string; oid: string; size: number }[]>(
        'GET',
        `${REPO}/import/large_files`,
      )
    ).body;
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(file.oid).toMatch(/^[0-9a-f]{64}$/);
      expect(file.size).toBeGreaterThan(100 * 1024 * 1024);
      expect(file.ref_name).toMatch(/^refs\/heads\//);
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    advance(STEP_SECONDS.mapping + 100);
    const waiting = await status();
    expect(waiting).toMatchObject({
      status: 'waiting_to_push',
      has_large_files: true,
      large_files_count: 3,
      large_files_size: total,
      use_lfs: 'undecided',
    });
    expect(waiting.status_text).toMatch(/Waiting for your Git LFS choice/);

    const bad = await gh('PATCH', `${REPO}/import/lfs`, { use_lfs: 'maybe' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: [{ field: 'use_lfs', code: 'invalid' }] });
    expect((await gh('PATCH', `${REPO}/import/lfs`, {})).status).toBe(422);

    const chosen = await gh('PATCH', `${REPO}/import/lfs`, { use_lfs: 'opt_in' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ status: 'pushing', use_lfs: 'opt_in' });
    advance(STEP_SECONDS.pushing);
    expect(await status()).toMatchObject({ status: 'complete', use_lfs: 'opt_in' });
  });

  it('changing the choice after completion rewrites and pushes again', async () => {
    await start({ vcs_url: 'https://git.example.com/large-files.git', vcs: 'git' });
    await gh('PATCH', `${REPO}/import/lfs`, { use_lfs: 'opt_out' });
    advance(STEP_SECONDS.importing + STEP_SECONDS.mapping + STEP_SECONDS.pushing);
    expect(await status()).toMatchObject({ status: 'complete', use_lfs: 'opt_out' });
    expect((await gh('PATCH', `${REPO}/import/lfs`, { use_lfs: 'opt_in' })).body).toMatchObject({
      status: 'mapping',
      use_lfs: 'opt_in',
    });
  });
});
