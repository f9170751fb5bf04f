import * as fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { buildArchive, type ArchiveEntry } from '../github/migrations/archive';

/** Test support: a per-repository GitHub migration archive with a real bare repository and JSON records. */
export interface TestArchiveSpec {
  owner: string;
  name: string;
  commits: number;
  branches: string[];
  tags: string[];
  /** Issue authors (logins) in order; each login also gets a user record with `<login>@example.com`. */
  issueAuthors: string[];
  pullAuthors: string[];
  releases: number;
}

async function filesUnder(root: string, prefix = ''): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for (const entry of await readdir(join(root, prefix))) {
    const relative = prefix ? `${prefix}/${entry}` : entry;
    const full = join(root, relative);
    if ((await stat(full)).isDirectory()) out.push(...(await filesUnder(root, relative)));
    else out.push([relative, await readFile(full)]);
  }
  return out;
}

async function gitEntries(spec: TestArchiveSpec): Promise<ArchiveEntry[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ferry-test-repo-'));
  try {
    await git.init({ fs, dir, defaultBranch: 'main' });
    const author = {
      name: 'Octocat',
      email: 'octocat@example.com',
      timestamp: 1_700_000_000,
      timezoneOffset: 0,
    };
    for (let i = 0; i < spec.commits; i++) {
      fs.writeFileSync(join(dir, 'README.md'), `version ${i}\n`);
      await git.add({ fs, dir, filepath: 'README.md' });
      await git.commit({
        fs,
        dir,
        message: `commit ${i}`,
        author: { ...author, timestamp: author.timestamp + i },
      });
    }
    for (const branch of spec.branches) await git.branch({ fs, dir, ref: branch });
    for (const tag of spec.tags) await git.tag({ fs, dir, ref: tag });
    const root = `repositories/${spec.owner}/${spec.name}.git`;
    return (await filesUnder(join(dir, '.git'))).map(([name, body]) => ({ name: `${root}/${name}`, body }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

export async function buildTestArchive(spec: TestArchiveSpec): Promise<Buffer> {
  const web = 'https://source.example';
  const repo = `${web}/${spec.owner}/${spec.name}`;
  const logins = [...new Set([...spec.issueAuthors, ...spec.pullAuthors])];
  const entries: ArchiveEntry[] = [
    { name: 'schema.json', body: json({ version: '1.0.1' }) },
    {
      name: 'users_000001.json',
      body: json(
        logins.map((login) => ({
          type: 'user',
          login,
          name: login,
          emails: [{ address: `${login}@example.com`, primary: true }],
        })),
      ),
    },
    { name: 'organizations_000001.json', body: json([{ type: 'organization', login: spec.owner }]) },
    { name: 'repositories_000001.json', body: json([{ type: 'repository', url: repo, name: spec.name }]) },
    {
      name: 'issues_000001.json',
      body: json(
        spec.issueAuthors.map((login, i) => ({
          type: 'issue',
          url: `${repo}/issues/${i + 1}`,
          repository: repo,
          user: `${web}/${login}`,
        })),
      ),
    },
    {
      name: 'pull_requests_000001.json',
      body: json(
        spec.pullAuthors.map((login, i) => ({
          type: 'pull_request',
          url: `${repo}/pull/${i + 100}`,
          repository: repo,
          user: `${web}/${login}`,
          merged_at: i === 0 ? '2026-01-01T00:00:00Z' : null,
          closed_at: i === 0 ? '2026-01-01T00:00:00Z' : null,
        })),
      ),
    },
    {
      name: 'releases_000001.json',
      body: json(
        Array.from({ length: spec.releases }, (_, i) => ({
          type: 'release',
          repository: repo,
          tag_name: `v${i}`,
        })),
      ),
    },
    ...(await gitEntries(spec)),
  ];
  return buildArchive(entries, new Date(Date.UTC(2026, 0, 1)));
}
