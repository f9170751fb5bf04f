import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../simulator';
import { pullCounts, repositoryContent } from '../content/repository-content';
import type { SimRepo } from '../factories/repository';
import { SIM_TOKENS } from '../seed';
import { readArchive } from './read-archive';

const BASE = 'http://sim.test/api/v3';
const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const scratch = fs.mkdtempSync(join(tmpdir(), 'sim-archive-git-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let sim: Simulator;
beforeEach(() => {
  sim = createSimulator({ speed: 0, scenario: 'quiet' });
});

async function exportArchive(repositories: string[], options: Record<string, boolean> = {}) {
  const headers = { authorization: `Bearer ${SIM_TOKENS.octocat}`, 'content-type': 'application/json' };
  const created = await sim.fetch(
    new Request(`${BASE}/orgs/octo-org/migrations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ repositories, ...options }),
    }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  sim.advance(600);
  const redirect = await sim.fetch(
    new Request(`${BASE}/orgs/octo-org/migrations/${id}/archive`, { headers }),
  );
  expect(redirect.status).toBe(302);
  const stored = await sim.fetch(new Request(redirect.headers.get('location') ?? ''));
  return readArchive(new Uint8Array(await stored.arrayBuffer()));
}

/** Write `repositories/<owner>/<name>.git/…` of an archive into a folder of its own. */
function extractRepository(files: Map<string, Buffer>, repo: SimRepo, label: string): string {
  const root = `repositories/${repo.owner}/${repo.name}.git/`;
  const gitdir = join(scratch, label, `${repo.name}.git`);
  for (const [name, body] of files) {
    if (!name.startsWith(root)) continue;
    const path = join(gitdir, name.slice(root.length));
    fs.mkdirSync(dirname(path), { recursive: true });
    fs.writeFileSync(path, body);
  }
  return gitdir;
}

const count = (files: Map<string, Buffer>, prefix: string) =>
  [...files]
    .filter(([name]) => name.startsWith(prefix) && name.endsWith('.json'))
    .reduce((total, [, body]) => total + (JSON.parse(String(body)) as unknown[]).length, 0);

function octoOrgRepos(): SimRepo[] {
  return sim.github().world.repos.filter((repo) => repo.owner === 'octo-org');
}

/** Clean environment: no user or system configuration changes what git prints. */
const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: scratch, GIT_TERMINAL_PROMPT: '0' };
const run = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).trim();
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('the Git data of an archive', () => {
  it('is a repository isomorphic-git reads: the model’s commits, authors, branches and tags; records agree', async () => {
    for (const repo of octoOrgRepos()) {
      const model = repositoryContent(repo);
      const files = await exportArchive([repo.name]);
      const gitdir = extractRepository(files, repo, `iso-${repo.name}`);

      const log = await git.log({ fs, gitdir, ref: 'HEAD' });
      expect(log.map((entry) => entry.commit.message.trim())).toEqual(
        model.commits.map((commit) => commit.message).reverse(),
      );
      expect(log.map((entry) => entry.commit.author.email)).toEqual(
        model.commits.map((commit) => commit.author.email).reverse(),
      );
      expect(await git.currentBranch({ fs, gitdir })).toBe(model.defaultBranch);
      expect((await git.listBranches({ fs, gitdir })).sort()).toEqual(
        [model.defaultBranch, ...model.branches.map((branch) => branch.name)].sort(),
      );
      expect((await git.listTags({ fs, gitdir })).sort()).toEqual(model.tags.map((tag) => tag.name).sort());
      for (const tag of model.tags.filter((each) => each.annotated)) {
        const oid = await git.resolveRef({ fs, gitdir, ref: `refs/tags/${tag.name}` });
        expect((await git.readTag({ fs, gitdir, oid })).tag.tag).toBe(tag.name);
      }

      expect(count(files, 'issues_')).toBe(model.issues.open + model.issues.closed);
      expect(count(files, 'pull_requests_')).toBe(model.pulls.length);
      expect(count(files, 'releases_')).toBe(model.releases.length);
      // Pull requests name commits that are in the repository.
      const pulls = JSON.parse(String(files.get('pull_requests_000001.json'))) as {
        head: { ref: string; sha: string };
        merged_at: string | null;
      }[];
      for (const pull of pulls)
        expect(await git.resolveRef({ fs, gitdir, ref: `refs/heads/${pull.head.ref}` })).toBe(pull.head.sha);
      expect(pulls.filter((pull) => pull.merged_at !== null)).toHaveLength(pullCounts(model).merged);
    }
  });

  it('is the same bytes in an export of one repository and in a batch, and in the next simulator', async () => {
    const [first, second] = octoOrgRepos();
    const gitFiles = (files: Map<string, Buffer>, repo: SimRepo) =>
      [...files].filter(([name]) => name.startsWith(`repositories/octo-org/${repo.name}.git/`));
    const alone = await exportArchive([first!.name]);
    const batch = await exportArchive([first!.name, second!.name]);
    expect(gitFiles(alone, first!).length).toBeGreaterThan(5);
    expect(gitFiles(batch, first!)).toEqual(gitFiles(alone, first!));
    expect(gitFiles(batch, second!).length).toBeGreaterThan(5);
    sim = createSimulator({ speed: 0, scenario: 'quiet' });
    expect(gitFiles(await exportArchive([first!.name]), first!)).toEqual(gitFiles(alone, first!));
  });

  it('honours the exclusions: no Git data with exclude_git_data; Git data (with tags) without metadata or releases', async () => {
    const repo = octoOrgRepos().find((each) => repositoryContent(each).tags.length > 0)!;
    const noGit = await exportArchive([repo.name], { exclude_git_data: true });
    expect([...noGit.keys()].filter((name) => name.startsWith('repositories/'))).toEqual([]);
    expect(count(noGit, 'issues_')).toBe(
      repositoryContent(repo).issues.open + repositoryContent(repo).issues.closed,
    );

    const gitOnly = await exportArchive([repo.name], { exclude_metadata: true, exclude_releases: true });
    expect([...gitOnly.keys()].filter((name) => /^(issues|pull_requests|releases)_/.test(name))).toEqual([]);
    const gitdir = extractRepository(gitOnly, repo, 'excluded');
    expect((await git.listTags({ fs, gitdir })).length).toBe(repositoryContent(repo).tags.length);
  });

  describe.skipIf(!HAS_GIT)('with the real git binary (skipped: no `git` on this machine)', () => {
    it('clones; rev-list, branch -r, tag and fsck agree with the model', async () => {
      for (const repo of octoOrgRepos()) {
        const model = repositoryContent(repo);
        const gitdir = extractRepository(await exportArchive([repo.name]), repo, `git-${repo.name}`);
        expect(run(gitdir, 'fsck', '--strict', '--no-dangling')).toBe('');
        const clone = join(scratch, 'clones', repo.name);
        run(scratch, 'clone', '--quiet', gitdir, clone);
        expect(Number(run(clone, 'rev-list', '--count', 'HEAD'))).toBe(model.commits.length);
        expect(run(clone, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(model.defaultBranch);
        expect(
          lines(run(clone, 'branch', '-r'))
            .filter((line) => !line.includes('->'))
            .sort(),
        ).toEqual(
          [model.defaultBranch, ...model.branches.map((branch) => branch.name)]
            .map((name) => `origin/${name}`)
            .sort(),
        );
        expect(lines(run(clone, 'tag'))).toEqual(model.tags.map((tag) => tag.name).sort());
        for (const branch of model.branches) {
          const count = Number(run(clone, 'rev-list', '--count', `origin/${branch.name}`));
          expect(count).toBe(branch.base + 1 + branch.commits.length);
        }
        expect(fs.statSync(join(clone, 'assets', `${repo.name}.bin`)).size).toBe(repo.size);
      }
    });
  });
});
