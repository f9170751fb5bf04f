import { createReadStream } from 'node:fs';
import * as fs from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import git from 'isomorphic-git';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { tarStream } from '@/server/waves/tar';
import { ArchiveCountError } from './archive-count-error';
import { countRecords, emptyRecordCounts, type RecordCounts } from './archive-records';

/**
 * The archive column of a validation, read from a verified archive on disk in one streamed pass: the JSON
 * records (`issues_*.json`, `pull_requests_*.json`, `releases_*.json`, `protected_branches_*.json`) are counted
 * one file at a time and dropped; each bare repository (`repositories/<owner>/<name>.git/`) is written to a
 * scratch folder and read with isomorphic-git (refs, HEAD, the commits reachable from it). Everything is
 * bounded: a bomb archive (inflating without end, millions of entries, a huge record file, an endless history)
 * is refused with a message, and the scratch folder is removed whatever happens.
 */
export interface ArchiveBounds {
  /** Bytes the archive may inflate to. */
  maxInflatedBytes: number;
  /** Entries (files, folders, links) the tar may hold. */
  maxEntries: number;
  /** Bytes one JSON record file may have (it is parsed whole). */
  maxRecordFileBytes: number;
  /** Commits counted per repository before the count is refused. */
  maxCommits: number;
}

export const DEFAULT_ARCHIVE_BOUNDS: ArchiveBounds = {
  // GEI's own limit for a GHES ≥ 3.13 repository is 40 GiB of Git data plus its metadata.
  maxInflatedBytes: 48 * 1024 ** 3,
  maxEntries: 2_000_000,
  maxRecordFileBytes: 64 * 1024 * 1024,
  maxCommits: 2_000_000,
};

const RECORD_FILE = /^(issues|pull_requests|releases|protected_branches)_\d+\.json$/;
const BARE_REPOSITORY = /^repositories\/([^/]+)\/([^/]+)\.git\/(.*)$/;

/** `owner/name` in lower case: how GitHub compares repository names. */
export const repositoryKey = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

/** Fails the stream once more than `max` bytes went through. */
function byteBound(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(new ArchiveCountError(`The archive inflates past ${max} bytes.`));
      else callback(null, chunk);
    },
  });
}

function drain(stream: Readable, next: (error?: unknown) => void) {
  stream.on('end', () => next());
  stream.resume();
}

async function readAll(stream: Readable, max: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) throw new ArchiveCountError(`${name} is larger than ${max} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Commits reachable from `oid` (what GitHub's `history { totalCount }` counts), at most `max`. */
async function countCommits(gitdir: string, oid: string, max: number): Promise<number> {
  const seen = new Set<string>([oid]);
  const queue = [oid];
  const cache = {};
  while (queue.length > 0) {
    const next = queue.pop() as string;
    const { commit } = await git.readCommit({ fs, gitdir, oid: next, cache });
    for (const parent of commit.parent) {
      if (seen.has(parent)) continue;
      if (seen.size >= max) throw new ArchiveCountError(`The history has more than ${max} commits.`);
      seen.add(parent);
      queue.push(parent);
    }
  }
  return seen.size;
}

async function gitCounts(gitdir: string, maxCommits: number) {
  const defaultBranch = (await git.currentBranch({ fs, gitdir, fullname: false })) ?? null;
  const branches = await git.listBranches({ fs, gitdir });
  const tags = await git.listTags({ fs, gitdir });
  if (defaultBranch === null || !branches.includes(defaultBranch))
    return {
      defaultBranch: branches.length > 0 ? defaultBranch : null,
      headOid: null,
      commits: 0,
      branches,
      tags,
    };
  const headOid = await git.resolveRef({ fs, gitdir, ref: `refs/heads/${defaultBranch}` });
  return { defaultBranch, headOid, commits: await countCommits(gitdir, headOid, maxCommits), branches, tags };
}

/**
 * Each repository the archive holds (by `repositoryKey`), counted. A repository whose records are in the
 * archive but whose Git data is not is left out (missing on the archive's side).
 */
export async function countArchive(
  file: string,
  options: { bounds?: Partial<ArchiveBounds>; scratchDir?: string } = {},
): Promise<Map<string, RepositoryCounts>> {
  const bounds = { ...DEFAULT_ARCHIVE_BOUNDS, ...options.bounds };
  const scratch = await mkdtemp(join(options.scratchDir ?? tmpdir(), 'ferry-validation-'));
  try {
    const records = new Map<string, RecordCounts>();
    /** repositoryKey → its folder in the scratch folder. */
    const repositories = new Map<string, string>();
    let entries = 0;
    const extract = tarStream.extract();
    extract.on('entry', (header, stream, next) => {
      stream.on('error', () => undefined); // a truncated archive: the pipeline reports it
      entries += 1;
      if (entries > bounds.maxEntries) {
        next(new ArchiveCountError(`The archive holds more than ${bounds.maxEntries} entries.`));
        return;
      }
      const name = header.name.replace(/^\.\//, '');
      const bare = BARE_REPOSITORY.exec(name);
      if (RECORD_FILE.test(name) && header.type === 'file') {
        readAll(stream, bounds.maxRecordFileBytes, name)
          .then((body) => countRecords(records, name, body))
          .then(() => next(), next);
        return;
      }
      if (!bare || bare[2]?.endsWith('.wiki') || header.type !== 'file') return drain(stream, next);
      const [, owner, repo, inner] = bare as unknown as [string, string, string, string];
      // Names come from the archive: never write outside the repository's folder.
      const relative = normalize(inner);
      if (relative.startsWith('..') || relative.startsWith(sep) || relative === '.')
        return drain(stream, next);
      const key = repositoryKey(owner, repo);
      let folder = repositories.get(key);
      if (!folder) repositories.set(key, (folder = join(scratch, String(repositories.size))));
      const path = join(folder, relative);
      mkdir(dirname(path), { recursive: true })
        .then(() => pipeline(stream, fs.createWriteStream(path)))
        .then(() => next(), next);
    });
    try {
      await pipeline(createReadStream(file), createGunzip(), byteBound(bounds.maxInflatedBytes), extract);
    } catch (error) {
      if (error instanceof ArchiveCountError) throw error;
      throw new ArchiveCountError(
        `Not a readable gzip tar: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const counted = new Map<string, RepositoryCounts>();
    for (const [key, gitdir] of repositories) {
      let facts;
      try {
        facts = await gitCounts(gitdir, bounds.maxCommits);
      } catch (error) {
        if (error instanceof ArchiveCountError) throw error;
        const why = error instanceof Error ? error.message : String(error);
        throw new ArchiveCountError(`The Git data of ${key} cannot be read: ${why.slice(0, 200)}`);
      }
      const own = records.get(key) ?? emptyRecordCounts();
      counted.set(key, {
        defaultBranch: facts.defaultBranch,
        headOid: facts.headOid,
        commits: facts.commits,
        branches: facts.branches.length,
        tags: facts.tags.length,
        issues: own.issues,
        pullRequests: own.pullRequests,
        releases: own.releases,
        protectedBranches: own.protectedBranches,
      });
    }
    return counted;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
