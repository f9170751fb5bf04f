import { isRecord, stringOf } from '@/contracts/json';
import type { LeftBehindKind } from '@/contracts/inventory';
import type { GraphqlPost } from '../validation/count-side';
import { emptyFacts, MAX_NAMES, type RepositoryFacts } from './inventory-facts';
import { INVENTORY_BATCH, repositoriesQuery } from './inventory-queries';
import {
  PERMISSIONS,
  readPages,
  refusalOf,
  totalOf,
  type InventoryCount,
  type InventoryGet,
} from './read-organization';
import { lfsPatterns, longRefs, scanTree, type TreeEntry } from './tree-scan';

type JsonRecord = Record<string, unknown>;

const nodesOf = (connection: unknown): JsonRecord[] =>
  isRecord(connection) && Array.isArray(connection.nodes) ? connection.nodes.filter(isRecord) : [];
const names = (items: readonly (string | undefined)[]) =>
  items
    .filter((item): item is string => !!item)
    .map((item) => item.slice(0, 200))
    .slice(0, MAX_NAMES);

/** What GraphQL says of one repository, as facts (REST's parts to come), and its head commit for the tree. */
export function graphqlFacts(
  node: JsonRecord,
  name: string,
  hasPages: boolean,
  readAt: string,
): { facts: RepositoryFacts; head?: string } {
  const gitattributes = isRecord(node.gitattributes) ? stringOf(node.gitattributes.text) : undefined;
  const heads = nodesOf(node.heads).map((ref) => `refs/heads/${stringOf(ref.name) ?? ''}`);
  const tags = nodesOf(node.tags).map((ref) => `refs/tags/${stringOf(ref.name) ?? ''}`);
  const target =
    isRecord(node.defaultBranchRef) && isRecord(node.defaultBranchRef.target)
      ? node.defaultBranchRef.target
      : undefined;
  const head = stringOf(target?.oid);
  const collaborators =
    isRecord(node.collaborators) && Array.isArray(node.collaborators.edges)
      ? node.collaborators.edges.filter(isRecord)
      : [];
  return {
    head: head && /^[0-9a-f]{40}$/.test(head) ? head : undefined,
    facts: {
      ...emptyFacts(name, readAt),
      environments: nodesOf(node.environments)
        .map((env) => ({
          name: (stringOf(env.name) ?? '').slice(0, 200),
          rules: names(nodesOf(env.protectionRules).map((rule) => stringOf(rule.type))),
        }))
        .slice(0, MAX_NAMES),
      deployKeys: nodesOf(node.deployKeys)
        .map((key) => ({ title: (stringOf(key.title) ?? '').slice(0, 200), readOnly: key.readOnly === true }))
        .slice(0, MAX_NAMES),
      rulesets: names(nodesOf(node.rulesets).map((ruleset) => stringOf(ruleset.name))),
      projects: names(nodesOf(node.projectsV2).map((project) => stringOf(project.title))),
      projectsCount: totalOf(node.projectsV2),
      discussions: node.hasDiscussionsEnabled === false ? 0 : totalOf(node.discussions),
      hasWiki: node.hasWikiEnabled === true,
      hasPages,
      outsideCollaborators: collaborators
        .map((edge) => ({
          login: (isRecord(edge.node) ? (stringOf(edge.node.login) ?? '') : '').slice(0, 100),
          permission: PERMISSIONS[String(edge.permission)] ?? 'custom',
        }))
        .filter((person) => person.login)
        .slice(0, MAX_NAMES),
      lfs: { patterns: lfsPatterns(gitattributes), files: 0 },
      largeFiles: [],
      longRefs: longRefs([...heads, ...tags]),
      refsPartial: totalOf(node.heads) > heads.length || totalOf(node.tags) > tags.length || undefined,
      unread: [],
    },
  };
}

/** One aliased query per 50 repositories: the facts GraphQL gives, by name (null: GitHub answered none). */
export async function readGraphqlFacts(
  post: GraphqlPost,
  owner: string,
  repos: readonly { name: string; hasPages?: boolean }[],
  count: InventoryCount,
  readAt: string,
) {
  const found = new Map<string, { facts: RepositoryFacts; head?: string } | { missing: string }>();
  for (let start = 0; start < repos.length; start += INVENTORY_BATCH) {
    const chunk = repos.slice(start, start + INVENTORY_BATCH);
    const variables: Record<string, unknown> = { owner };
    chunk.forEach((repo, index) => (variables[`n${index}`] = repo.name));
    count.graphql++;
    const answer = await post(repositoriesQuery(chunk.length), variables);
    chunk.forEach((repo, index) => {
      const node = answer.data?.[`r${index}`];
      found.set(
        repo.name,
        isRecord(node)
          ? graphqlFacts(node, repo.name, repo.hasPages === true, readAt)
          : { missing: answer.errors[0]?.message ?? 'GitHub answered no such repository to this token.' },
      );
    });
  }
  return found;
}

/**
 * REST where GraphQL has no field: webhooks, Actions secrets (names), variables (names), self-hosted runners,
 * tag protections, and the recursive tree at the default branch's head (every blob's size; `truncated` said).
 * A read GitHub refuses (hooks need admin) is said as unread.
 */
export async function readRestFacts(
  get: InventoryGet,
  owner: string,
  facts: RepositoryFacts,
  head: string | undefined,
) {
  const base = `repos/${encodeURIComponent(owner)}/${encodeURIComponent(facts.name)}`;
  const unread = (kind: RepositoryFacts['unread'][number]['kind'], reason: string) =>
    facts.unread.push({ kind, reason });
  const list = async (kind: LeftBehindKind, path: string, key?: string) => {
    const read = await readPages(get, `${base}/${path}`, key);
    if ('refused' in read) {
      // GHES without the feature, or GitHub.com's retired tag protections: nothing there to leave behind.
      if (!/^(404|410)\b/.test(read.refused) || kind !== 'tag-protection') unread(kind, read.refused);
      return [];
    }
    return read.items.filter(isRecord);
  };
  facts.hooks = (await list('webhooks', 'hooks?per_page=100'))
    .map((hook) => ({
      url: (isRecord(hook.config) ? (stringOf(hook.config.url) ?? '') : '').slice(0, 300),
      active: hook.active !== false,
    }))
    .slice(0, MAX_NAMES);
  facts.secrets = names(
    (await list('actions-secrets', 'actions/secrets?per_page=100', 'secrets')).map((item) =>
      stringOf(item.name),
    ),
  );
  facts.variables = names(
    (await list('actions-variables', 'actions/variables?per_page=30', 'variables')).map((item) =>
      stringOf(item.name),
    ),
  );
  facts.runners = names(
    (await list('runners', 'actions/runners?per_page=100', 'runners')).map((item) => stringOf(item.name)),
  );
  facts.tagProtections = names(
    (await list('tag-protection', 'tags/protection')).map((item) => stringOf(item.pattern)),
  );
  if (!head) return;
  const tree = await get<unknown>(`${base}/git/trees/${head}?recursive=1`);
  const entries =
    isRecord(tree.body) && Array.isArray(tree.body.tree) ? tree.body.tree.filter(isRecord) : undefined;
  if (tree.status !== 200 || !entries) {
    unread('tree', refusalOf(tree));
    return;
  }
  const scanned = scanTree(
    entries.map((entry): TreeEntry => ({
      path: stringOf(entry.path) ?? '',
      type: stringOf(entry.type) ?? '',
      size: typeof entry.size === 'number' ? entry.size : undefined,
    })),
    facts.lfs.patterns,
  );
  facts.lfs.files = scanned.lfsFiles;
  facts.largeFiles = scanned.largeFiles;
  if (isRecord(tree.body) && tree.body.truncated === true) facts.treeTruncated = true;
}
