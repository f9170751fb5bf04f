import type { InventorySummary } from '@/contracts/inventory';
import { isRecord } from '@/contracts/json';
import type { InventoryRow, InventoryStore } from '@/server/store/inventory-store';
import type { GraphqlPost } from '../validation/count-side';
import { emptyFacts, type OrganizationFacts, type RepositoryFacts } from './inventory-facts';
import { countedGet, readOrganization, type InventoryCount, type InventoryGet } from './read-organization';
import { readGraphqlFacts, readRestFacts } from './read-repositories';

/** Repositories whose REST reads run at once (each repository's own reads one after another). */
const AT_ONCE = 4;

/** Without a store (a gateway alone, no data folder): this process keeps the rows. */
export function memoryInventoryStore(): InventoryStore {
  const rows = new Map<string, InventoryRow>();
  return {
    read: (scope, names) => Promise.resolve(names.flatMap((name) => rows.get(`${scope}\n${name}`) ?? [])),
    write(scope, written) {
      for (const row of written) rows.set(`${scope}\n${row.name}`, row);
      return Promise.resolve();
    },
  };
}

export interface InventoryAsk {
  /** Source organization and credential: the inventory kept is theirs (another token may see less). */
  owner: string;
  credential: string;
  repos: readonly { name: string; hasPages?: boolean }[];
  refresh: boolean;
  get: InventoryGet;
  post: GraphqlPost;
}

export interface InventoryRead {
  repositories: Map<string, RepositoryFacts>;
  organization: OrganizationFacts;
  summary: InventorySummary;
}

const scopeOf = (ask: Pick<InventoryAsk, 'owner' | 'credential'>) =>
  `${ask.credential}\n${ask.owner.toLowerCase()}`;
/** Facts from the store, checked at the edge: a row of another shape (an older Ferry's) is read again. */
const isFacts = (value: unknown): value is RepositoryFacts =>
  isRecord(value) && typeof value.name === 'string' && Array.isArray(value.hooks) && isRecord(value.lfs);
const isOrganization = (value: unknown): value is OrganizationFacts =>
  isRecord(value) &&
  typeof value.login === 'string' &&
  isRecord(value.teams) &&
  Array.isArray(value.appsOnAll);

/** Run `work` over `items`, `limit` at once. */
async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The inventory a preview uses: the organization's part and each chosen repository's facts from the store, the
 * missing ones (or all, on refresh) read now and kept. What this read cost is counted as GitHub counts it.
 */
export function createInventory(options: { store: () => Promise<InventoryStore>; now: () => number }) {
  return {
    async read(ask: InventoryAsk): Promise<InventoryRead> {
      const store = await options.store();
      const scope = scopeOf(ask);
      const count: InventoryCount = { rest: 0, graphql: 0 };
      const get = countedGet(ask.get, count);
      const kept = ask.refresh ? [] : await store.read(scope, ['', ...ask.repos.map((repo) => repo.name)]);
      const keptOrganization = kept.find((row) => row.name === '')?.facts;
      const repositories = new Map<string, RepositoryFacts>();
      for (const row of kept)
        if (row.name !== '' && isFacts(row.facts)) repositories.set(row.name, row.facts);

      const readAt = new Date(options.now()).toISOString();
      const organization = isOrganization(keptOrganization)
        ? keptOrganization
        : await readOrganization(get, ask.post, ask.owner, count, options.now);
      const missing = ask.repos.filter((repo) => !repositories.has(repo.name));
      const read = await readGraphqlFacts(ask.post, ask.owner, missing, count, readAt);
      const fresh: RepositoryFacts[] = [];
      await eachAtOnce(missing, AT_ONCE, async (repo) => {
        const found = read.get(repo.name);
        if (!found) return;
        if ('missing' in found) {
          fresh.push(unreadFacts(repo.name, readAt, found.missing));
          return;
        }
        await readRestFacts(get, ask.owner, found.facts, found.head);
        fresh.push(found.facts);
      });
      for (const facts of fresh) repositories.set(facts.name, facts);
      await store.write(scope, [
        ...(organization === keptOrganization
          ? []
          : [{ name: '', readAt: organization.readAt, facts: organization }]),
        ...fresh.map((facts) => ({ name: facts.name, readAt: facts.readAt, facts })),
      ]);
      const times = [organization.readAt, ...[...repositories.values()].map((facts) => facts.readAt)];
      return {
        repositories,
        organization,
        summary: {
          readAt: times.reduce((oldest, time) => (time < oldest ? time : oldest)),
          fresh: count.rest + count.graphql > 0,
          requests: count,
          organization: {
            login: organization.login,
            readAt: organization.readAt,
            selectedApps: organization.appsOnSelected,
          },
        },
      };
    },
  };
}

/** A repository GitHub's GraphQL would not show this token: nothing known, said once. */
const unreadFacts = (name: string, readAt: string, reason: string): RepositoryFacts => ({
  ...emptyFacts(name, readAt),
  unread: [{ kind: 'tree', reason: reason.slice(0, 300) }],
});

export type Inventory = ReturnType<typeof createInventory>;
