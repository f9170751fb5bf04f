import { createHash } from 'node:crypto';
import { branchChangelog, changelogText, paddingBlobOid, readmeText } from '../content/bare-repository';
import { gitObject, treeBody } from '../content/git-objects';
import { repositoryContent } from '../content/repository-content';
import type { SimRepo } from '../factories/repository';
import { gitRefsOf, paddingBytes } from '../migrations/git-data';
import { repositoryResources, type SimFile } from './repository-resources';

/**
 * What `GET /repos/{owner}/{repo}/git/trees/{tree_sha}` answers: a branch's files as the repository's Git data
 * holds them (README.md, CHANGELOG.md and, when padded, `assets/<name>.bin`, with the archive's own blob ids and
 * sizes) plus, at the default branch, the resources' `.gitattributes` and extra files (LFS pointers, large files),
 * which the Git data does not hold (see repository-resources.ts). Nothing is built but ids: the padding blob is
 * hashed a chunk at a time, never held, so a 500-repository inventory stays fast.
 */
export interface TreeItem {
  /** From the root of the tree asked for. */
  path: string;
  type: 'blob' | 'tree';
  mode: '100644' | '040000';
  sha: string;
  /** Blobs only. */
  size?: number;
}

export interface BranchTree {
  branch: string;
  /** The branch's head commit: GraphQL's `defaultBranchRef { target { oid } }` for the default branch. */
  commit: string;
  /** The root tree's id. */
  sha: string;
  /** Every entry under the root, depth first in Git's order (a tree before what it holds). */
  items: TreeItem[];
}

type Node = { kind: 'blob'; sha: string; size: number } | { kind: 'tree'; children: Map<string, Node> };

type Directory = Extract<Node, { kind: 'tree' }>;

const directory = (): Directory => ({ kind: 'tree', children: new Map() });

function addBlob(root: Directory, path: string, blob: { sha: string; size: number }) {
  const parts = path.split('/').filter((part) => part !== '');
  const name = parts.pop();
  if (!name) return;
  let at = root;
  for (const part of parts) {
    const known = at.children.get(part);
    const next: Directory = known?.kind === 'tree' ? known : directory();
    at.children.set(part, next);
    at = next;
  }
  at.children.set(name, { kind: 'blob', ...blob });
}

/** Git's order: bytes, a subtree's name as if it ended in '/'. */
const sortKey = ([name, node]: [string, Node]) => Buffer.from(node.kind === 'tree' ? `${name}/` : name);

/** The tree's id (Git's own hash of its entries) and its entries, depth first. */
function flatten(node: Directory, prefix: string): { sha: string; items: TreeItem[] } {
  const entries = [...node.children].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  const items: TreeItem[] = [];
  const body: { name: string; kind: 'blob' | 'tree'; oid: string }[] = [];
  for (const [name, child] of entries) {
    const path = `${prefix}${name}`;
    if (child.kind === 'blob') {
      items.push({ path, type: 'blob', mode: '100644', sha: child.sha, size: child.size });
      body.push({ name, kind: 'blob', oid: child.sha });
      continue;
    }
    const inner = flatten(child, `${path}/`);
    items.push({ path, type: 'tree', mode: '040000', sha: inner.sha }, ...inner.items);
    body.push({ name, kind: 'tree', oid: inner.sha });
  }
  return { sha: gitObject('tree', treeBody(body)).oid, items };
}

const textBlob = (text: string) => {
  const body = Buffer.from(text);
  return { sha: gitObject('blob', body).oid, size: body.length };
};

/**
 * An extra file's blob id. Its bytes are not modelled (a 512 MiB model file), so the id is a stable digest of the
 * repository, path and size, in a blob id's form.
 */
function extraBlob(repo: SimRepo, file: SimFile) {
  const sha = createHash('sha1')
    .update(`blob ${file.bytes}\0`)
    .update(`${repo.owner}/${repo.name}:${file.path}`)
    .digest('hex');
  return { sha, size: file.bytes };
}

/** Trees already computed: a few kilobytes each; plenty for big-org. */
const computed = new Map<string, BranchTree | null>();
const COMPUTED_LIMIT = 5_000;

/** A branch's tree (the model's branches only), or undefined for a branch the repository does not have. */
export function branchTree(repo: SimRepo, bytesPerKb: number, branch: string): BranchTree | undefined {
  const pad = paddingBytes(repo, bytesPerKb);
  const key = JSON.stringify([repo.id, repo.owner, repo.name, repo.description, pad, branch]);
  const known = computed.get(key);
  if (known !== undefined) return known ?? undefined;
  const tree = computeTree(repo, bytesPerKb, pad, branch);
  if (computed.size >= COMPUTED_LIMIT) computed.clear();
  computed.set(key, tree ?? null);
  return tree;
}

function computeTree(repo: SimRepo, bytesPerKb: number, pad: number, branch: string): BranchTree | undefined {
  const content = repositoryContent(repo);
  const messages = branchChangelog(content, branch);
  const commit = gitRefsOf(repo, bytesPerKb).heads[branch];
  if (!messages || !commit) return undefined;
  const root = directory();
  addBlob(root, 'README.md', textBlob(readmeText(repo)));
  addBlob(root, 'CHANGELOG.md', textBlob(changelogText(messages)));
  if (pad > 0) addBlob(root, `assets/${repo.name}.bin`, { sha: paddingBlobOid(repo.id, pad), size: pad });
  if (branch === content.defaultBranch) {
    const resources = repositoryResources(repo);
    if (resources.gitattributes !== undefined)
      addBlob(root, '.gitattributes', textBlob(resources.gitattributes));
    for (const file of resources.extraFiles) addBlob(root, file.path, extraBlob(repo, file));
  }
  const { sha, items } = flatten(root, '');
  return { branch, commit, sha, items };
}

/** Characters no ref name holds (Git's `check-ref-format`): controls, space, `~^:?*[` and backslash. */
const UNUSABLE = /[\s~^:?*[\\]/;
const hasControl = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** What a `tree_sha` names: `HEAD`, a branch (or `refs/heads/…`), a branch's head commit, or a tree's id. */
export function resolveTree(
  repo: SimRepo,
  bytesPerKb: number,
  treeSha: string,
): { tree: BranchTree; path: string; sha: string } | undefined {
  if (treeSha === '' || Buffer.byteLength(treeSha) > 255 || UNUSABLE.test(treeSha) || hasControl(treeSha))
    return undefined;
  const content = repositoryContent(repo);
  const branches = [content.defaultBranch, ...content.branches.map((branch) => branch.name)];
  const name = treeSha === 'HEAD' ? content.defaultBranch : treeSha.replace(/^refs\/heads\//, '');
  if (branches.includes(name)) {
    const tree = branchTree(repo, bytesPerKb, name);
    return tree && { tree, path: '', sha: tree.sha };
  }
  if (!/^[0-9a-f]{40}$/.test(treeSha)) return undefined;
  const heads = gitRefsOf(repo, bytesPerKb).heads;
  const byCommit = branches.find((branch) => heads[branch] === treeSha);
  if (byCommit) {
    const tree = branchTree(repo, bytesPerKb, byCommit);
    return tree && { tree, path: '', sha: tree.sha };
  }
  for (const branch of branches) {
    const tree = branchTree(repo, bytesPerKb, branch);
    if (!tree) continue;
    if (tree.sha === treeSha) return { tree, path: '', sha: treeSha };
    const subtree = tree.items.find((item) => item.type === 'tree' && item.sha === treeSha);
    if (subtree) return { tree, path: subtree.path, sha: treeSha };
  }
  return undefined;
}

/** The entries under `path` ('' the root), with paths relative to it; only its own when not recursive. */
export function entriesUnder(tree: BranchTree, path: string, recursive: boolean): TreeItem[] {
  const prefix = path === '' ? '' : `${path}/`;
  return tree.items.flatMap((item) => {
    if (!item.path.startsWith(prefix)) return [];
    const relative = item.path.slice(prefix.length);
    if (relative === '' || (!recursive && relative.includes('/'))) return [];
    return [{ ...item, path: relative }];
  });
}
