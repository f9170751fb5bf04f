import { gzipSync } from 'node:zlib';
import { tarStream } from './tar';
import {
  attachmentPath,
  attachmentRecords,
  issueRecords,
  milestoneRecords,
  organizationRecords,
  projectRecords,
  protectedBranchRecords,
  pullRequestRecords,
  releaseRecords,
  repositoryRecords,
  schemaRecord,
  userRecords,
  type ArchiveContext,
} from './archive-records';
import { gitData } from './git-data';
import type { MigrationOptions } from './store';

/** A 1×1 transparent PNG: the body of every simulated attachment. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const DEFAULT_ARCHIVE_BYTES_PER_KB = 1;

export interface ArchiveEntry {
  name: string;
  body: Buffer;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The files of a migration archive, honouring the exclusion options:
 * - always `schema.json`, `users_000001.json`, `organizations_000001.json` (empty for user migrations);
 * - `repositories_000001.json` unless `org_metadata_only`;
 * - metadata (issues, pull requests, milestones, protected branches, releases, projects) unless
 *   `exclude_metadata`; releases also need `!exclude_releases`, owner projects `!exclude_owner_projects`;
 * - `attachments_000001.json` and the `attachments/` folder unless `exclude_attachments` (or no metadata);
 * - `repositories/<owner>/<name>.git/` unless `exclude_git_data`: a real bare repository of the repository's
 *   content model (content/), holding a blob of `bytesPerKb` incompressible bytes per kilobyte of the
 *   repository's size, so archive sizes follow repository sizes (scaled down: 1 byte per KB by default, a 2.4 GB
 *   repository weighs 2.4 MB).
 * Pull requests name the commits of that repository (built, and cached, even when the Git data is excluded).
 */
export function archiveEntries(
  ctx: ArchiveContext,
  options: MigrationOptions,
  bytesPerKb = DEFAULT_ARCHIVE_BYTES_PER_KB,
): ArchiveEntry[] {
  const repos = options.org_metadata_only ? [] : ctx.repos;
  const git = new Map(repos.map((repo) => [repo.id, gitData(repo, bytesPerKb)]));
  const scoped: ArchiveContext = { ...ctx, repos, git };
  const entries: ArchiveEntry[] = [
    { name: 'schema.json', body: json(schemaRecord()) },
    { name: 'users_000001.json', body: json(userRecords(scoped)) },
    { name: 'organizations_000001.json', body: json(organizationRecords(scoped)) },
  ];
  if (options.org_metadata_only) return entries;
  entries.push({ name: 'repositories_000001.json', body: json(repositoryRecords(scoped)) });

  const metadata = !options.exclude_metadata;
  if (metadata) {
    entries.push(
      { name: 'issues_000001.json', body: json(issueRecords(scoped)) },
      { name: 'pull_requests_000001.json', body: json(pullRequestRecords(scoped)) },
      { name: 'milestones_000001.json', body: json(milestoneRecords(scoped)) },
      { name: 'protected_branches_000001.json', body: json(protectedBranchRecords(scoped)) },
      { name: 'issue_comments_000001.json', body: json([]) },
      { name: 'pull_request_reviews_000001.json', body: json([]) },
      { name: 'review_comments_000001.json', body: json([]) },
      { name: 'commit_comments_000001.json', body: json([]) },
      { name: 'issue_events_000001.json', body: json([]) },
    );
    if (!options.exclude_releases)
      entries.push({ name: 'releases_000001.json', body: json(releaseRecords(scoped)) });
    if (!options.exclude_owner_projects)
      entries.push({ name: 'projects_000001.json', body: json(projectRecords(scoped)) });
    if (!options.exclude_attachments) {
      entries.push({ name: 'attachments_000001.json', body: json(attachmentRecords(scoped)) });
      for (const repo of repos) entries.push({ name: attachmentPath(repo, 'screenshot.png'), body: PNG });
    }
  }

  if (!options.exclude_git_data) {
    for (const repo of repos) {
      const root = `repositories/${repo.owner}/${repo.name}.git`;
      for (const [path, body] of git.get(repo.id)?.files ?? [])
        entries.push({ name: `${root}/${path}`, body });
    }
  }
  return entries;
}

/** Pack entries into a gzip-compressed tar. */
export async function buildArchive(entries: ArchiveEntry[], mtime: Date): Promise<Buffer> {
  const tar = tarStream.pack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    tar.on('data', (chunk: unknown) => {
      chunks.push(chunk as Buffer);
    });
    tar.on('end', () => resolve());
    tar.on('error', reject);
  });
  for (const entry of entries) tar.entry({ name: entry.name, mtime, mode: 0o644 }, entry.body);
  tar.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}
