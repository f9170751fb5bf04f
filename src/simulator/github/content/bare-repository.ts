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

type Write = ReturnType<typeof objectStore>['write'];

/** README and, when there is padding, `assets/<name>.bin`: the entries every commit's tree shares. */
function fixedEntries(write: Write, repo: SimRepo, padBytes: number): TreeEntry[] {
  const readme = write('blob', Buffer.from(`# ${repo.name}\n\n${repo.description ?? ''}\n`));
  const entries: TreeEntry[] = [{ name: 'README.md', kind: 'blob', oid: readme }];
  if (padBytes > 0) {
    const blob = write('blob', incompressibleBytes(repo.id, padBytes), true);
    const assets = write('tree', treeBody([{ name: `${repo.name}.bin`, kind: 'blob', oid: blob }]));
    entries.push({ name: 'assets', kind: 'tree', oid: assets });
  }
  return entries;
}

/** Each commit adds its message to CHANGELOG.md, so every commit has a tree of its own. */
function commitWriter(write: Write, fixed: TreeEntry[]) {
  return (commit: ModelCommit, changelog: string[], parent: string | undefined) => {
    const log = write('blob', Buffer.from(`${changelog.map((line) => `- ${line}`).join('\n')}\n`));
    const tree = write('tree', treeBody([{ name: 'CHANGELOG.md', kind: 'blob', oid: log }, ...fixed]));
    const who = { ...commit.author, date: commit.date };
    return write('commit', commitBody(tree, parent ? [parent] : [], who, commit.message));
  };
}

/** Build the repository; `padBytes` of incompressible data make its size follow `repo.size`. */
export function buildBareRepository(
  repo: SimRepo,
  content: RepositoryContent,
  padBytes: number,
): BareRepository {
  const { objects, write } = objectStore();
  const writeCommit = commitWriter(write, fixedEntries(write, repo, padBytes));
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
