/**
 * A real GitHub client against the standalone simulator: @octokit/rest 22 with its retry and throttling plugins,
 * unchanged except for timing (so a retry or a write's spacing costs milliseconds, not seconds), over HTTP on
 * loopback, for all 23 operations Ferry uses (rate limit, 14 migration operations, 8 source-import operations).
 * Every answer is checked against GitHub's OpenAPI description (the vendored subset, which the last test of
 * simulator-github.test.ts proves identical to `@octokit/openapi`'s full description for these operations).
 *
 * Octokit removed the `*Import*` methods (plugin-rest-endpoint-methods 13), so those go through
 * `octokit.request(route)` as any client of a retired operation would.
 */
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readArchive } from '@/simulator/github/migrations/read-archive';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { STEP_SECONDS } from '@/simulator/github/imports/store';
import { startSimulatorServer, type Listening } from '@/testing/node-servers';
import type { Simulator } from '@/simulator/simulator';
import { expectMatchesOperation } from './openapi-harness';

const Client = Octokit.plugin(retry, throttling);

function octokitFor(baseUrl: string) {
  return new Client({
    baseUrl,
    auth: SIM_TOKENS.octocat,
    userAgent: 'ferry-contract-tests',
    // Octokit logs every failed request; the tests assert the failures themselves.
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    // Octokit's own policies, with the base of its waits in ms instead of seconds: 1/4/9 ms retries.
    retry: { retryAfterBaseValue: 1 },
    throttle: {
      retryAfterBaseValue: 1,
      // Writes stay one at a time, without the 1 s spacing.
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 }),
      onRateLimit: () => false,
      onSecondaryRateLimit: () => false,
    },
  });
}

type Answer = { status: number; data: unknown; headers: Record<string, string | number | undefined> };

/** The status Octokit surfaced (thrown errors carry a response). */
async function settle(call: Promise<Answer>): Promise<Answer> {
  try {
    return await call;
  } catch (error) {
    const failure = error as { status?: number; response?: Answer };
    if (failure.response) return failure.response;
    throw error;
  }
}

function expectContract(operationId: string, answer: Answer) {
  const record = answer.data as Record<string, unknown> | undefined;
  const undeclared: string[] = [];
  // `percent` is the specification's field beside `import_percent` (github-api.md §1.6.6).
  if (answer.status < 300 && record && !Array.isArray(record) && 'percent' in record)
    undeclared.push('/percent');
  // The simulator models an `audit_log` bucket the description does not list (as simulator-github.test.ts).
  if (operationId === 'rate-limit/get') undeclared.push('/resources/audit_log');
  const body = answer.status === 204 || answer.data === '' ? undefined : answer.data;
  expectMatchesOperation(operationId, answer.status, body, { undeclared });
}

let upstream: Listening & { sim: Simulator; storage: Listening };
let base: string;

beforeAll(async () => {
  upstream = await startSimulatorServer();
  base = `${upstream.origin}/api/v3`;
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.sim.reset({ scenario: 'quiet' });
});

const covered = new Set<string>();
function checked(operationId: string, answer: Answer) {
  covered.add(operationId);
  expectContract(operationId, answer);
  return answer;
}

describe('Octokit (rest 22 + retry + throttling) against the standalone simulator', () => {
  it('rate-limit/get', async () => {
    const octokit = octokitFor(base);
    const answer = checked('rate-limit/get', await octokit.rest.rateLimit.get());
    expect(answer.status).toBe(200);
  });

  it.each([
    ['org', { org: 'octo-org' }, ['hello-world', 'docs'], 'hello-world'],
    ['user', {}, ['dotfiles'], 'dotfiles'],
  ] as const)(
    'the %s migration operations, through octokit.rest.migrations',
    async (scope, owner, repositories, lockedRepo) => {
      const octokit = octokitFor(base);
      const m = octokit.rest.migrations;
      const id = (suffix: string) =>
        `migrations/${suffix}-${scope === 'org' ? 'for-org' : 'for-authenticated-user'}`;

      const started =
        scope === 'org'
          ? await m.startForOrg({ org: 'octo-org', repositories: [...repositories], lock_repositories: true })
          : await m.startForAuthenticatedUser({ repositories: [...repositories], lock_repositories: true });
      expect(started.status).toBe(201);
      checked(id('start'), started);
      const migration_id = started.data.id;

      const list =
        scope === 'org' ? await m.listForOrg({ org: 'octo-org' }) : await m.listForAuthenticatedUser();
      expect(list.data).toHaveLength(1);
      checked(id('list'), list);

      upstream.sim.advance(120);
      const status =
        scope === 'org'
          ? await m.getStatusForOrg({ ...owner, org: 'octo-org', migration_id })
          : await m.getStatusForAuthenticatedUser({ migration_id });
      expect(status.data.state).toBe('exported');
      checked(id('get-status'), status);

      const repos =
        scope === 'org'
          ? await m.listReposForOrg({ org: 'octo-org', migration_id })
          : await m.listReposForAuthenticatedUser({ migration_id });
      expect(repos.data.map((repo) => repo.name).sort()).toEqual([...repositories].sort());
      checked(
        scope === 'org' ? 'migrations/list-repos-for-org' : 'migrations/list-repos-for-authenticated-user',
        repos,
      );

      // Octokit follows the 302 itself: storage is another origin, so fetch drops Authorization on the hop.
      const archive =
        scope === 'org'
          ? await m.downloadArchiveForOrg({ org: 'octo-org', migration_id })
          : await m.getArchiveForAuthenticatedUser({ migration_id });
      expect(archive.status).toBe(200);
      expect(new URL(archive.url).origin).toBe(upstream.storage.origin);
      const files = await readArchive(new Uint8Array(archive.data as ArrayBuffer));
      expect(files.has('schema.json')).toBe(true);
      covered.add(
        scope === 'org'
          ? 'migrations/download-archive-for-org'
          : 'migrations/get-archive-for-authenticated-user',
      );

      const unlocked =
        scope === 'org'
          ? await m.unlockRepoForOrg({ org: 'octo-org', migration_id, repo_name: lockedRepo })
          : await m.unlockRepoForAuthenticatedUser({ migration_id, repo_name: lockedRepo });
      expect(unlocked.status).toBe(204);
      checked(
        scope === 'org' ? 'migrations/unlock-repo-for-org' : 'migrations/unlock-repo-for-authenticated-user',
        unlocked,
      );

      const deleted =
        scope === 'org'
          ? await m.deleteArchiveForOrg({ org: 'octo-org', migration_id })
          : await m.deleteArchiveForAuthenticatedUser({ migration_id });
      expect(deleted.status).toBe(204);
      checked(id('delete-archive'), deleted);

      const gone = await settle(
        scope === 'org'
          ? m.downloadArchiveForOrg({ org: 'octo-org', migration_id })
          : m.getArchiveForAuthenticatedUser({ migration_id }),
      );
      expect(gone.status).toBe(404);
    },
  );

  it('the source-import operations, through octokit.request, with Octokit’s deprecation warning', async () => {
    // @octokit/request warns on `console` (not the Octokit logger) when an answer carries `Deprecation`.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const octokit = octokitFor(base);
    const repo = { owner: 'octo-org', repo: 'hello-world' };

    const started = await octokit.request('PUT /repos/{owner}/{repo}/import', {
      ...repo,
      vcs_url: 'http://svn.example.com/svn/large-files',
      vcs: 'subversion',
    });
    expect(started.status).toBe(201);
    checked('migrations/start-import', started);
    expect(started.headers.deprecation).toBeDefined();
    expect(started.headers.sunset).toBe('Fri, 12 Apr 2024 00:00:00 GMT');
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /is deprecated\. It is scheduled to be removed on Fri, 12 Apr 2024/,
    );

    upstream.sim.advance(STEP_SECONDS.importing);
    const status = await octokit.request('GET /repos/{owner}/{repo}/import', repo);
    checked('migrations/get-import-status', status);

    const authors = await octokit.request('GET /repos/{owner}/{repo}/import/authors', repo);
    checked('migrations/get-commit-authors', authors);
    const [first] = authors.data;
    expect(first).toBeDefined();
    const mapped = await octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', {
      ...repo,
      author_id: first?.id ?? 0,
      email: 'hubot@github.com',
      name: 'Hubot',
    });
    checked('migrations/map-commit-author', mapped);

    upstream.sim.advance(STEP_SECONDS.mapping + STEP_SECONDS.detecting);
    const files = await octokit.request('GET /repos/{owner}/{repo}/import/large_files', repo);
    expect(files.data.length).toBeGreaterThan(0);
    checked('migrations/get-large-files', files);
    const lfs = await octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', {
      ...repo,
      use_lfs: 'opt_in',
    });
    checked('migrations/set-lfs-preference', lfs);

    const restarted = await octokit.request('PATCH /repos/{owner}/{repo}/import', repo);
    expect(restarted.status).toBe(200);
    checked('migrations/update-import', restarted);

    const cancelled = await octokit.request('DELETE /repos/{owner}/{repo}/import', repo);
    expect(cancelled.status).toBe(204);
    checked('migrations/cancel-import', cancelled);
    expect(warn).toHaveBeenCalledTimes(8); // every source-import answer is marked deprecated
    warn.mockRestore();
  });

  it('all 23 operations were exercised', () => {
    expect(covered.size).toBe(23);
  });
});

describe('Octokit and the named scenarios', () => {
  it('strict-preview: Octokit’s default media type is refused (415) and retried; the preview type passes', async () => {
    upstream.sim.reset({ scenario: 'strict-preview' });
    const octokit = octokitFor(base);
    const before = upstream.sim.github().stats.requests;
    const refused = await settle(octokit.rest.migrations.listForAuthenticatedUser());
    expect(refused.status).toBe(415);
    // plugin-retry retries a 415 (it is not in doNotRetry): 1 + 3 attempts.
    expect(upstream.sim.github().stats.requests - before).toBe(4);
    const accepted = await octokit.rest.migrations.listForAuthenticatedUser({
      headers: { accept: 'application/vnd.github.wyandotte-preview+json' },
    });
    expect(accepted.status).toBe(200);
  });

  it('imports-retired: every source-import operation answers 410 Gone, which Octokit does not retry', async () => {
    upstream.sim.reset({ scenario: 'imports-retired' });
    const octokit = octokitFor(base);
    const before = upstream.sim.github().stats.requests;
    const retired = await settle(
      octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo-org', repo: 'hello-world' }),
    );
    expect(retired.status).toBe(410);
    expect(retired.data).toMatchObject({ message: expect.stringMatching(/retired/) as unknown });
    expect(upstream.sim.github().stats.requests - before).toBe(1);
  });

  it('an unsupported X-GitHub-Api-Version is a 400; 2026-03-10 drops `rate` and is echoed', async () => {
    const octokit = octokitFor(base);
    const bad = await settle(
      octokit.request('GET /rate_limit', { headers: { 'x-github-api-version': '2020-01-01' } }),
    );
    expect(bad.status).toBe(400);
    const next = await octokit.request('GET /rate_limit', {
      headers: { 'x-github-api-version': '2026-03-10' },
    });
    expect(next.headers['x-github-api-version-selected']).toBe('2026-03-10');
    expect(next.data).not.toHaveProperty('rate');
    expect(next.data.resources.core).toBeDefined();
  });
});
