/**
 * The source-import operations of the simulator against GitHub's OpenAPI description (see README.md here).
 * Every status the simulator answers for these eight operations, in every import state, is checked against the
 * declared schema; the only undeclared property is the spec's `percent` (github-api.md §1.6.6), sent beside
 * `import_percent` while importing. `use_lfs` is a string (§1.6.5, relaxed in the harness).
 */
import { describe, expect, it } from 'vitest';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { STEP_SECONDS } from '@/simulator/github/imports/store';
import { createSimulator, type Simulator } from '@/simulator/simulator';
import { expectMatchesOperation, statusStanding } from './openapi-harness';

const BASE = 'http://sim.test/api/v3';
const REPO = '/repos/octo-org/hello-world';

interface Answer {
  status: number;
  body: unknown;
}

async function call(sim: Simulator, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await sim.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SIM_TOKENS.octocat}`,
        accept: 'application/vnd.github+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  if (text) expect(response.headers.get('content-type')).toMatch(/json/);
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function expectContract(operationId: string, answer: Answer) {
  const record = answer.body as Record<string, unknown> | undefined;
  const undeclared: string[] = [];
  if (answer.status < 300 && record && !Array.isArray(record) && 'percent' in record)
    undeclared.push('/percent');
  // Newer GitHub error bodies carry `status` as a string (github-api.md §2.8); `validation-error` omits it.
  if (answer.status === 422) undeclared.push('/status');
  expectMatchesOperation(operationId, answer.status, answer.body, { undeclared });
}

function fresh(): Simulator {
  return createSimulator({ speed: 0, scenario: 'quiet' });
}

async function started(url: string, vcs?: string, seconds = 0): Promise<Simulator> {
  const sim = fresh();
  const answer = await call(sim, 'PUT', `${REPO}/import`, { vcs_url: url, ...(vcs ? { vcs } : {}) });
  expect(answer.status).toBe(201);
  expectContract('migrations/start-import', answer);
  sim.advance(seconds);
  return sim;
}

const ALL_STEPS = STEP_SECONDS.detecting + STEP_SECONDS.importing + STEP_SECONDS.mapping;

describe('import status in every state matches the import schema', () => {
  it.each([
    ['detecting', 'https://example.com/repo.git', undefined, 1],
    ['importing', 'https://example.com/repo.git', 'git', 10],
    ['mapping', 'https://example.com/repo.git', 'git', STEP_SECONDS.importing + 1],
    ['waiting_to_push', 'https://example.com/large-files.git', 'git', ALL_STEPS],
    ['pushing', 'https://example.com/repo.git', 'git', STEP_SECONDS.importing + STEP_SECONDS.mapping + 1],
    ['complete', 'https://example.com/repo.git', 'git', ALL_STEPS + STEP_SECONDS.pushing],
    ['auth_failed', 'https://svn.example.com/private', 'subversion', 30],
    ['error', 'https://example.com/fail-at-push.git', 'git', ALL_STEPS + STEP_SECONDS.pushing],
    ['detection_needs_auth', 'https://svn.example.com/private', undefined, STEP_SECONDS.detecting],
    ['detection_found_nothing', 'https://example.com/nothing', undefined, STEP_SECONDS.detecting],
    ['detection_found_multiple', 'http://tfs.example.com/tfs/multiple', undefined, STEP_SECONDS.detecting],
  ])('%s', async (status, url, vcs, seconds) => {
    const sim = await started(url, vcs, seconds);
    const answer = await call(sim, 'GET', `${REPO}/import`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status });
    expectContract('migrations/get-import-status', answer);
  });

  it('404 when there is no import', async () => {
    const answer = await call(fresh(), 'GET', `${REPO}/import`);
    expect(answer.status).toBe(404);
    expectContract('migrations/get-import-status', answer);
  });
});

describe('start-import', () => {
  it('422 with errors[] for a missing URL, and for a second import', async () => {
    const sim = fresh();
    const missing = await call(sim, 'PUT', `${REPO}/import`, { vcs: 'git' });
    expect(missing.status).toBe(422);
    expectContract('migrations/start-import', missing);
    await call(sim, 'PUT', `${REPO}/import`, { vcs_url: 'https://example.com/a.git' });
    const twice = await call(sim, 'PUT', `${REPO}/import`, { vcs_url: 'https://example.com/a.git' });
    expect(twice.status).toBe(422);
    expectContract('migrations/start-import', twice);
  });

  it('404 for an unknown repository', async () => {
    const answer = await call(fresh(), 'PUT', '/repos/octo-org/missing/import', {
      vcs_url: 'https://x.test/a',
    });
    expect(answer.status).toBe(404);
    expectContract('migrations/start-import', answer);
  });
});

describe('update-import', () => {
  it('credentials, project choice and restart answer the import', async () => {
    const auth = await started('https://svn.example.com/private', undefined, STEP_SECONDS.detecting);
    const credentials = await call(auth, 'PATCH', `${REPO}/import`, { vcs_username: 'a', vcs_password: 'b' });
    expect(credentials.status).toBe(200);
    expectContract('migrations/update-import', credentials);

    const multi = await started('http://tfs.example.com/tfs/multiple', undefined, STEP_SECONDS.detecting);
    const choice = await call(multi, 'PATCH', `${REPO}/import`, {
      vcs: 'tfvc',
      tfvc_project: 'project1',
      human_name: 'project1 (tfs)',
    });
    expect(choice.body).toMatchObject({ status: 'importing', tfvc_project: 'project1' });
    expectContract('migrations/update-import', choice);

    const restart = await call(multi, 'PATCH', `${REPO}/import`);
    expect(restart.status).toBe(200);
    expectContract('migrations/update-import', restart);
  });

  it('404 without an import (accepted: the path names a missing import)', async () => {
    const answer = await call(fresh(), 'PATCH', `${REPO}/import`);
    expect(answer.status).toBe(404);
    expect(statusStanding('migrations/update-import', 404)?.declared).toBe(false);
    expectContract('migrations/update-import', answer);
  });
});

describe('cancel-import', () => {
  it('204 with no body, then 404', async () => {
    const sim = await started('https://example.com/a.git', 'git');
    const answer = await call(sim, 'DELETE', `${REPO}/import`);
    expect(answer.status).toBe(204);
    expectContract('migrations/cancel-import', answer);
    const again = await call(sim, 'DELETE', `${REPO}/import`);
    expect(again.status).toBe(404);
    expectContract('migrations/cancel-import', again);
  });
});

describe('commit authors', () => {
  it('lists, maps, refuses invalid and late mappings, 404s unknown authors', async () => {
    const sim = await started('http://svn.example.com/svn/project', 'subversion', STEP_SECONDS.importing);
    const list = await call(sim, 'GET', `${REPO}/import/authors`);
    expect(list.status).toBe(200);
    expectContract('migrations/get-commit-authors', list);
    const [first] = list.body as { id: number }[];
    expect(first).toBeDefined();

    const since = await call(sim, 'GET', `${REPO}/import/authors?since=${first?.id ?? 0}`);
    expectContract('migrations/get-commit-authors', since);

    const mapped = await call(sim, 'PATCH', `${REPO}/import/authors/${first?.id ?? 0}`, {
      email: 'hubot@github.com',
      name: 'Hubot the Robot',
    });
    expect(mapped.status).toBe(200);
    expectContract('migrations/map-commit-author', mapped);

    const invalid = await call(sim, 'PATCH', `${REPO}/import/authors/${first?.id ?? 0}`, { email: 'nope' });
    expect(invalid.status).toBe(422);
    expectContract('migrations/map-commit-author', invalid);

    const unknown = await call(sim, 'PATCH', `${REPO}/import/authors/1`, { name: 'x' });
    expect(unknown.status).toBe(404);
    expectContract('migrations/map-commit-author', unknown);

    sim.advance(STEP_SECONDS.mapping + 1);
    const late = await call(sim, 'PATCH', `${REPO}/import/authors/${first?.id ?? 0}`, { name: 'Late' });
    expect(late.status).toBe(422);
    expectContract('migrations/map-commit-author', late);
  });

  it('404 without an import', async () => {
    const answer = await call(fresh(), 'GET', `${REPO}/import/authors`);
    expect(answer.status).toBe(404);
    expectContract('migrations/get-commit-authors', answer);
  });
});

describe('large files and LFS', () => {
  it('lists large files and sets the preference; 422 for anything but opt_in/opt_out', async () => {
    const sim = await started('https://example.com/large-files.git', 'git', ALL_STEPS);
    const files = await call(sim, 'GET', `${REPO}/import/large_files`);
    expect(files.status).toBe(200);
    expect(files.body).toHaveLength(3);
    expectContract('migrations/get-large-files', files);

    const bad = await call(sim, 'PATCH', `${REPO}/import/lfs`, { use_lfs: 'undecided' });
    expect(bad.status).toBe(422);
    expectContract('migrations/set-lfs-preference', bad);

    const chosen = await call(sim, 'PATCH', `${REPO}/import/lfs`, { use_lfs: 'opt_out' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ use_lfs: 'opt_out', status: 'pushing' });
    expectContract('migrations/set-lfs-preference', chosen);
  });

  it('404 without an import', async () => {
    const sim = fresh();
    const files = await call(sim, 'GET', `${REPO}/import/large_files`);
    expect(files.status).toBe(404);
    expectContract('migrations/get-large-files', files);
    const lfs = await call(sim, 'PATCH', `${REPO}/import/lfs`, { use_lfs: 'opt_in' });
    expect(lfs.status).toBe(404);
    expectContract('migrations/set-lfs-preference', lfs);
  });
});
