import { isRecord, stringOf, finiteNumberOf } from '@/contracts/json';
import type { LeftBehindKind } from '@/contracts/inventory';
import { parseLinkHeader } from '@/lib/link-header';
import type { GraphqlPost } from '../validation/count-side';
import type { GithubAnswer } from '@/server/waves/github-client';
import { MAX_NAMES, type OrganizationFacts } from './inventory-facts';
import { TEAMS_QUERY } from './inventory-queries';

export type InventoryGet = <T>(path: string) => Promise<GithubAnswer<T>>;

/** What the reads cost, as GitHub counts them: REST answers (a 304 is free) and GraphQL queries. */
export interface InventoryCount {
  rest: number;
  graphql: number;
}

/** Pages read of one list at most (100 a page): a huge organization's alerts are counted up to here. */
export const MAX_PAGES = 20;
export const PACKAGE_TYPES = ['npm', 'maven', 'rubygems', 'docker', 'nuget', 'container'] as const;

/** GitHub's words for a refusal (its `message`), cut. */
export const refusalOf = (answer: GithubAnswer<unknown>) =>
  `${answer.status}${isRecord(answer.body) && typeof answer.body.message === 'string' ? ` ${answer.body.message.slice(0, 200)}` : ''}`;

/** A counted GET. */
export function countedGet(get: InventoryGet, count: InventoryCount): InventoryGet {
  return async <T>(path: string) => {
    const answer = await get<T>(path);
    if (!answer.notModified) count.rest++;
    return answer;
  };
}

/** Every page of a list (an array, or `key` of an object), following GitHub's `Link`, at most `MAX_PAGES`. */
export async function readPages(
  get: InventoryGet,
  first: string,
  key?: string,
): Promise<{ items: unknown[] } | { refused: string }> {
  const items: unknown[] = [];
  let next: string | undefined = first;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const answer: GithubAnswer<unknown> = await get<unknown>(next);
    if (answer.status !== 200) return { refused: refusalOf(answer) };
    const list = key ? (isRecord(answer.body) ? answer.body[key] : undefined) : answer.body;
    if (!Array.isArray(list)) return { refused: 'an answer that is not a list' };
    items.push(...(list as unknown[]));
    next = parseLinkHeader(answer.headers.get('link')).next;
  }
  return { items };
}

/** name (lower case) → how many of `items` name it as their `repository`. */
function perRepository(items: unknown[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const name = isRecord(item) && isRecord(item.repository) ? stringOf(item.repository.name) : undefined;
    if (name) counts[name.toLowerCase()] = (counts[name.toLowerCase()] ?? 0) + 1;
  }
  return counts;
}

/** GraphQL's `RepositoryPermission` in REST's words (what the next issue sends back to GitHub). */
export const PERMISSIONS: Record<string, string> = {
  ADMIN: 'admin',
  MAINTAIN: 'maintain',
  WRITE: 'push',
  TRIAGE: 'triage',
  READ: 'pull',
};

async function readTeams(post: GraphqlPost, org: string, count: InventoryCount) {
  const teams: OrganizationFacts['teams'] = {};
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    count.graphql++;
    const answer = await post(TEAMS_QUERY, { org, after });
    const connection = isRecord(answer.data?.organization) ? answer.data.organization.teams : undefined;
    if (!isRecord(connection))
      return { teams, refused: answer.errors[0]?.message ?? 'no teams in the answer' };
    for (const node of Array.isArray(connection.nodes) ? connection.nodes : []) {
      if (!isRecord(node) || typeof node.slug !== 'string') continue;
      const edges =
        isRecord(node.repositories) && Array.isArray(node.repositories.edges) ? node.repositories.edges : [];
      for (const edge of edges) {
        const name = isRecord(edge) && isRecord(edge.node) ? stringOf(edge.node.name) : undefined;
        if (!name) continue;
        const list = (teams[name.toLowerCase()] ??= []);
        if (list.length < MAX_NAMES)
          list.push({
            team: node.slug.slice(0, 100),
            permission: PERMISSIONS[String(isRecord(edge) ? edge.permission : '')] ?? 'custom',
          });
      }
    }
    const info = isRecord(connection.pageInfo) ? connection.pageInfo : {};
    if (info.hasNextPage !== true || typeof info.endCursor !== 'string') break;
    after = info.endCursor;
  }
  return { teams };
}

/**
 * The organization's part of the inventory: installed apps (one list), packages (one list per type), open code
 * and secret scanning alerts (one list each, for every repository at once) and teams with their repositories
 * (GraphQL). A list GitHub refuses (no Advanced Security, not an owner) is said as unread, never guessed.
 */
export async function readOrganization(
  get: InventoryGet,
  post: GraphqlPost,
  org: string,
  count: InventoryCount,
  now: () => number,
): Promise<OrganizationFacts> {
  const unread: OrganizationFacts['unread'] = [];
  const base = `orgs/${encodeURIComponent(org)}`;
  const refused = (kind: LeftBehindKind, reason: string) => unread.push({ kind, reason });

  const installations = await readPages(get, `${base}/installations?per_page=100`, 'installations');
  const appsOnAll: string[] = [];
  const appsOnSelected: string[] = [];
  if ('refused' in installations) refused('apps', installations.refused);
  else
    for (const item of installations.items) {
      const slug = isRecord(item) ? stringOf(item.app_slug) : undefined;
      if (!slug) continue;
      (isRecord(item) && item.repository_selection === 'all' ? appsOnAll : appsOnSelected).push(
        slug.slice(0, 100),
      );
    }

  const packages: OrganizationFacts['packages'] = {};
  for (const type of PACKAGE_TYPES) {
    const read = await readPages(get, `${base}/packages?package_type=${type}&per_page=100`);
    if ('refused' in read) {
      if (!unread.some((entry) => entry.kind === 'packages')) refused('packages', read.refused);
      continue;
    }
    for (const item of read.items) {
      if (!isRecord(item) || !isRecord(item.repository)) continue;
      const repo = stringOf(item.repository.name);
      const name = stringOf(item.name);
      if (!repo || !name) continue;
      const list = (packages[repo.toLowerCase()] ??= []);
      if (list.length < MAX_NAMES) list.push(`${name.slice(0, 100)} (${type})`);
    }
  }

  const alerts = async (kind: LeftBehindKind, path: string) => {
    const read = await readPages(get, `${base}/${path}/alerts?state=open&per_page=100`);
    if ('refused' in read) {
      refused(kind, read.refused);
      return {};
    }
    return perRepository(read.items);
  };
  const codeScanningAlerts = await alerts('code-scanning-alerts', 'code-scanning');
  const secretScanningAlerts = await alerts('secret-scanning-alerts', 'secret-scanning');
  const teams = await readTeams(post, org, count);
  if (teams.refused) refused('teams-and-access', teams.refused);

  return {
    login: org,
    readAt: new Date(now()).toISOString(),
    teams: teams.teams,
    appsOnAll: appsOnAll.slice(0, MAX_NAMES),
    appsOnSelected: appsOnSelected.slice(0, MAX_NAMES),
    packages,
    codeScanningAlerts,
    secretScanningAlerts,
    unread,
  };
}

/** A count GitHub sent, or 0. */
export const totalOf = (value: unknown) =>
  isRecord(value) ? Math.max(0, Math.floor(finiteNumberOf(value.totalCount) ?? 0)) : 0;
