import { createReadStream } from 'node:fs';
import * as fs from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import git from 'isomorphic-git';
import type { Extract } from 'tar-stream';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { tarStream } from '@/server/waves/tar';
import { ArchiveCountError } from './archive-count-error';
import { makeScratch } from './scratch';
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
  /**
   * Largest pack file whose history is counted: isomorphic-git reads a pack whole into memory. Past it the
   * archive's refs, head and records are still counted, its commits are not (the source's stand as reference).
   */
  maxPackBytes: number;
}

export const DEFAULT_ARCHIVE_BOUNDS: ArchiveBounds = {
  // GEI's own limit for a GHES ≥ 3.13 repository is 40 GiB of Git data plus its metadata.
  maxInflatedBytes: 48 * 1024 ** 3,
  maxEntries: 2_000_000,
  maxRecordFileBytes: 64 * 1024 * 1024,
  maxCommits: 2_000_000,
  maxPackBytes: 512 * 1024 * 1024,
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

/** One file of the tar, as tar-stream hands it (its header, then its bytes). */
type Entry = Extract extends AsyncIterable<infer E> ? E : never;

/** Reads an entry to its end, keeping nothing. */
async function drain(entry: Entry): Promise<void> {
  for await (const chunk of entry) void chunk;
}

async function readAll(entry: Entry, max: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new ArchiveCountError(`${name} is larger than ${max} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A file another reader takes whole besides the counted records (the identities' `users_*.json`). */
export interface ArchiveFileTaker {
  pattern: RegExp;
  /** Bytes one such file may have (it is read whole); past it the archive is refused. */
  maxBytes: number;
  take(name: string, body: Buffer): void;
}

export interface Extracted {
  records: Map<string, RecordCounts>;
  /** repositoryKey → its bare repository's folder in the scratch folder. */
  repositories: Map<string, string>;
  /** repositoryKey → its largest pack file's bytes. */
  packBytes: Map<string, number>;
}

/** One entry: a record file counted, a bare repository's file written under `scratch`, anything else skipped. */
async function takeEntry(
  entry: Entry,
  scratch: string,
  bounds: ArchiveBounds,
  into: Extracted,
  extra?: ArchiveFileTaker,
) {
  const { header } = entry;
  const name = header.name.replace(/^\.\//, '');
  if (extra?.pattern.test(name) && header.type === 'file') {
    extra.take(name, await readAll(entry, extra.maxBytes, name));
    return;
  }
  if (RECORD_FILE.test(name) && header.type === 'file') {
    countRecords(into.records, name, await readAll(entry, bounds.maxRecordFileBytes, name));
    return;
  }
  const bare = BARE_REPOSITORY.exec(name);
  if (!bare || bare[2]?.endsWith('.wiki') || header.type !== 'file') return drain(entry);
  const [, owner, repo, inner] = bare as unknown as [string, string, string, string];
  // Names come from the archive: never write outside the repository's folder (links are never written).
  const relative = normalize(inner);
  if (relative.startsWith('..') || relative.startsWith(sep) || relative === '.') return drain(entry);
  const key = repositoryKey(owner, repo);
  let folder = into.repositories.get(key);
  if (!folder) into.repositories.set(key, (folder = join(scratch, String(into.repositories.size))));
  if (/^objects\/pack\/[^/]+\.pack$/.test(relative))
    into.packBytes.set(key, Math.max(into.packBytes.get(key) ?? 0, header.size ?? 0));
  const path = join(folder, relative);
  await mkdir(dirname(path), { recursive: true });
  await pipeline(entry, fs.createWriteStream(path));
}

/**
 * The archive streamed once through gunzip (bounded) and tar; each entry taken in turn (bare repositories written
 * under `scratch`, which the caller removes). Also read by the identity map (src/server/moves/identities).
 */
export async function extractArchive(
  file: string,
  scratch: string,
  bounds: ArchiveBounds,
  extra?: ArchiveFileTaker,
): Promise<Extracted> {
  const into: Extracted = { records: new Map(), repositories: new Map(), packBytes: new Map() };
  const tar = tarStream.extract();
  const consume = (async () => {
    let entries = 0;
    try {
      for await (const entry of tar) {
        entries += 1;
        if (entries > bounds.maxEntries)
          throw new ArchiveCountError(`The archive holds more than ${bounds.maxEntries} entries.`);
        await takeEntry(entry, scratch, bounds, into, extra);
      }
    } catch (error) {
      tar.destroy(error as Error); // stops the reading side too
      throw error;
    }
  })();
  const [read, taken] = await Promise.allSettled([
    pipeline(createReadStream(file), createGunzip(), byteBound(bounds.maxInflatedBytes), tar),
    consume,
  ]);
  for (const outcome of [taken, read])
    if (outcome.status === 'rejected' && outcome.reason instanceof ArchiveCountError) throw outcome.reason;
  for (const outcome of [read, taken])
    if (outcome.status === 'rejected') {
      const why = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      throw new ArchiveCountError(`Not a readable gzip tar: ${why.slice(0, 200)}`);
    }
  return into;
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

/** Refs, HEAD and (unless `maxCommits` is undefined) the history of one bare repository. */
async function gitCounts(gitdir: string, maxCommits: number | undefined) {
  const defaultBranch = (await git.currentBranch({ fs, gitdir, fullname: false })) ?? null;
  const branches = await git.listBranches({ fs, gitdir });
  const tags = await git.listTags({ fs, gitdir });
  // As GitHub's `defaultBranchRef`: null while HEAD names no branch that exists (an empty repository).
  if (defaultBranch === null || !branches.includes(defaultBranch))
    return { defaultBranch: null, headOid: null, commits: 0, branches, tags };
  const headOid = await git.resolveRef({ fs, gitdir, ref: `refs/heads/${defaultBranch}` });
  const commits = maxCommits === undefined ? undefined : await countCommits(gitdir, headOid, maxCommits);
  return { defaultBranch, headOid, commits, branches, tags };
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
  const scratch = await makeScratch(options.scratchDir ?? tmpdir());
  try {
    const { records, repositories, packBytes } = await extractArchive(file, scratch, bounds);
    const counted = new Map<string, RepositoryCounts>();
    for (const [key, gitdir] of repositories) {
      let facts;
      try {
        const historyFits = (packBytes.get(key) ?? 0) <= bounds.maxPackBytes;
        facts = await gitCounts(gitdir, historyFits ? bounds.maxCommits : undefined);
      } catch (error) {
        if (error instanceof ArchiveCountError) throw error;
        const why = error instanceof Error ? error.message : String(error);
        throw new ArchiveCountError(`The Git data of ${key} cannot be read: ${why.slice(0, 200)}`);
      }
      const own = records.get(key) ?? emptyRecordCounts();
      counted.set(key, {
        defaultBranch: facts.defaultBranch,
        headOid: facts.headOid,
        ...(facts.commits === undefined ? {} : { commits: facts.commits }),
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
