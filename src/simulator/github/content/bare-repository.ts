import { createCipheriv, createHash } from 'node:crypto';
import type { SimRepo } from '../factories/repository';
import {
  commitBody,
  gitObject,
  tagBody,
  treeBody,
  writePack,
  type GitObject,
  type ObjectType,
  type TreeEntry,
} from './git-objects';
import type { ModelCommit, RepositoryContent } from './repository-content';

/**
 * A real bare Git repository for a content model: one pack of its objects, a ref per branch and tag, `HEAD` on the default
 * branch, `config` with `bare = true`. Every date comes from the model, so the same repository always gives the
 * same bytes; `git clone` of the folder works.
 */
export interface BareRepository {
  /** Path inside the bare repository (`HEAD`, `objects/pack/pack-….pack`, `refs/heads/main`) → bytes. */
  files: Map<string, Buffer>;
  /** The default branch's commit ids, oldest first (the model's `commits`). */
  trunk: string[];
  /** Branch name → commit id (the default branch included). */
  heads: Record<string, string>;
  /** Tag name → the id its ref holds (a tag object for annotated tags, else the commit). */
  tags: Record<string, string>;
}

const CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n';

/**
 * Deterministic incompressible bytes (an AES-CTR keystream per repository), so the archive is as large as the
 * repository it stands for (`SIM_ARCHIVE_BYTES_PER_KB`) even after gzip.
 */
export function incompressibleBytes(repoId: number, bytes: number): Buffer {
  const key = createHash('sha256').update(`pack:${repoId}`).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  return cipher.update(Buffer.alloc(Math.max(0, bytes)));
}

/** Collects objects (each stored once) and answers their ids. */
function objectStore() {
  const objects = new Map<string, GitObject>();
  const write = (type: ObjectType, body: Buffer, incompressible = false) => {
    const object = gitObject(type, body, incompressible);
    objects.set(object.oid, object);
    return object.oid;
  };
  return { objects, write };
}

type Write = (type: ObjectType, body: Buffer) => string;

/** How one history is written: each object, and the padding blob (its id), once. */
interface Writer {
  write: Write;
  padding: (repo: SimRepo, padBytes: number) => string;
}

const PADDING_CHUNK = 4 * 1024 * 1024;

/**
 * The id of the padding blob (`assets/<name>.bin`) without holding its bytes: the same keystream as
 * `incompressibleBytes`, hashed a chunk at a time.
 */
export function paddingBlobOid(repoId: number, bytes: number): string {
  const size = Math.max(0, bytes);
  const key = createHash('sha256').update(`pack:${repoId}`).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  const hash = createHash('sha1').update(`blob ${size}\0`);
  for (let done = 0; done < size; done += PADDING_CHUNK)
    hash.update(cipher.update(Buffer.alloc(Math.min(PADDING_CHUNK, size - done))));
  return hash.digest('hex');
}

/** README.md as every commit holds it. */
export function readmeText(repo: Pick<SimRepo, 'name' | 'description'>): string {
  return `# ${repo.name}\n\n${repo.description ?? ''}\n`;
}

/** CHANGELOG.md at a commit: the messages of the commits up to it, oldest first. */
export function changelogText(messages: readonly string[]): string {
  return `${messages.map((line) => `- ${line}`).join('\n')}\n`;
}

/** The messages CHANGELOG.md holds at a branch's tip (the default branch: all of its commits). */
export function branchChangelog(content: RepositoryContent, branch: string): string[] | undefined {
  const messages = content.commits.map((commit) => commit.message);
  if (branch === content.defaultBranch) return messages;
  const found = content.branches.find((b) => b.name === branch);
  if (!found) return undefined;
  return [...messages.slice(0, found.base + 1), ...found.commits.map((commit) => commit.message)];
}

/** README and, when there is padding, `assets/<name>.bin`: the entries every commit's tree shares. */
function fixedEntries(writer: Writer, repo: SimRepo, padBytes: number): TreeEntry[] {
  const { write } = writer;
  const readme = write('blob', Buffer.from(readmeText(repo)));
  const entries: TreeEntry[] = [{ name: 'README.md', kind: 'blob', oid: readme }];
  if (padBytes > 0) {
    const blob = writer.padding(repo, padBytes);
    const assets = write('tree', treeBody([{ name: `${repo.name}.bin`, kind: 'blob', oid: blob }]));
    entries.push({ name: 'assets', kind: 'tree', oid: assets });
  }
  return entries;
}

/** Each commit adds its message to CHANGELOG.md, so every commit has a tree of its own. */
function commitWriter(write: Write, fixed: TreeEntry[]) {
  return (commit: ModelCommit, changelog: string[], parent: string | undefined) => {
    const log = write('blob', Buffer.from(changelogText(changelog)));
    const tree = write('tree', treeBody([{ name: 'CHANGELOG.md', kind: 'blob', oid: log }, ...fixed]));
    const who = { ...commit.author, date: commit.date };
    return write('commit', commitBody(tree, parent ? [parent] : [], who, commit.message));
  };
}

/** The ids of a repository's commits, branches and tags. */
export type GitRefs = Pick<BareRepository, 'trunk' | 'heads' | 'tags'>;

/** Writes the model's history through `writer`: the default branch, the other branches, the tags. */
function writeHistory(writer: Writer, repo: SimRepo, content: RepositoryContent, padBytes: number): GitRefs {
  const { write } = writer;
  const writeCommit = commitWriter(write, fixedEntries(writer, repo, padBytes));
  const messages = content.commits.map((commit) => commit.message);

  const trunk: string[] = [];
  for (const [index, commit] of content.commits.entries())
    trunk.push(writeCommit(commit, messages.slice(0, index + 1), trunk[index - 1]));
  const heads: Record<string, string> = { [content.defaultBranch]: trunk.at(-1)! };
  for (const branch of content.branches) {
    const log = messages.slice(0, branch.base + 1);
    let tip = trunk[branch.base]!;
    for (const commit of branch.commits) {
      log.push(commit.message);
      tip = writeCommit(commit, log, tip);
    }
    heads[branch.name] = tip;
  }
  const tags: Record<string, string> = {};
  for (const tag of content.tags) {
    const target = trunk[tag.commit]!;
    const commit = content.commits[tag.commit]!;
    const who = { ...commit.author, date: commit.date };
    tags[tag.name] = tag.annotated ? write('tag', tagBody(target, tag.name, who, tag.message)) : target;
  }
  return { trunk, heads, tags };
}

/**
 * The ids `buildBareRepository` gives the same repository (its `trunk`, `heads` and `tags`), computed by hashing
 * alone: no pack, no object kept, the padding hashed a chunk at a time. What GraphQL's `defaultBranchRef` and the
 * REST answers that name commits use, so they agree with the archive's Git data.
 */
export function gitRefs(repo: SimRepo, content: RepositoryContent, padBytes: number): GitRefs {
  const write: Write = (type, body) => gitObject(type, body).oid;
  return writeHistory({ write, padding: (r, bytes) => paddingBlobOid(r.id, bytes) }, repo, content, padBytes);
}

/** Build the repository; `padBytes` of incompressible data make its size follow `repo.size`. */
export function buildBareRepository(
  repo: SimRepo,
  content: RepositoryContent,
  padBytes: number,
): BareRepository {
  const { objects, write } = objectStore();
  const padding = (r: SimRepo, bytes: number) => write('blob', incompressibleBytes(r.id, bytes), true);
  const { trunk, heads, tags } = writeHistory({ write, padding }, repo, content, padBytes);

  const files = new Map<string, Buffer>([
    ['HEAD', Buffer.from(`ref: refs/heads/${content.defaultBranch}\n`)],
    ['config', Buffer.from(CONFIG)],
    ['description', Buffer.from(`${repo.description ?? repo.name}\n`)],
  ]);
  for (const [name, oid] of Object.entries(heads)) files.set(`refs/heads/${name}`, Buffer.from(`${oid}\n`));
  for (const [name, oid] of Object.entries(tags)) files.set(`refs/tags/${name}`, Buffer.from(`${oid}\n`));
  const { name, pack, idx } = writePack([...objects.values()]);
  files.set(`objects/pack/${name}.idx`, idx);
  files.set(`objects/pack/${name}.pack`, pack);
  return { files, trunk, heads, tags };
}
