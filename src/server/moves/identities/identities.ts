import type {
  IdentitiesAnswer,
  IdentityDraftsSave,
  IdentityDraftsSaved,
  Mannequin,
  ReclaimAnswer,
  ReclaimRequest,
} from '@/contracts/identities';
import type { GatewayConfig } from '@/server/config';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import type { SecretRegistry } from '@/server/secret-registry';
import type { FerryStore } from '@/server/store/ferry-store';
import { createTargetClient } from '../target-client';
import { createArchiveIdentityReader, type ArchiveIdentityReader } from './archive-identity-reader';
import { archiveSources } from './archive-sources';
import type { ImportAuthorReader } from './import-authors';
import { identityDrafts, type IdentityDrafts } from './identity-drafts';
import { IdentityInputError } from './identity-input-error';
import { listMannequins, listMembers, userIds } from './identity-reads';
import { reclaimCsv, type ReclaimCsv } from './reclaim-csv';
import { INVITATION_SPACING_MS, sendInvitations, type Invitation } from './send-invitations';
import { personSuggester, suggestIdentities } from './suggestions';
import { targetCredentials } from '../target-credential';
import {
  gateOf,
  processAccountLimits,
  storeAccountLimits,
  targetAccountKey,
  type AccountLimits,
} from '@/server/credentials/account-limits';

/**
 * The identity map of a move's target (issue 36): what GitHub says (mannequins, members), what people edit
 * (drafts in the store), the reclaim CSV and the invitations. Requests per GET: ⌈mannequins / 100⌉ +
 * ⌈members / 100⌉ queries of 1 point each; a reclaim adds ⌈non-members / 50⌉ user reads and one mutation per mapping.
 */
export interface IdentitiesOptions {
  config: GatewayConfig;
  fetchTarget: UpstreamFetch;
  secrets?: SecretRegistry;
  /** The store (drafts, invitations sent, the team's shared write pace); none: the map is not kept. */
  store?: () => Promise<FerryStore>;
  /** Each account's hold and write slot, shared by the team (default: the store's, else this process's). */
  limits?: AccountLimits;
  spacingMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** `ARCHIVE_DIR`: the moves' archives are read for their users and commit authors only from there. */
  archiveDir?: string;
  archiveReader?: ArchiveIdentityReader;
  /** The author mappings of the source imports Ferry followed (none: not read). */
  importAuthors?: ImportAuthorReader;
}

export class NoStoreError extends Error {
  override name = 'NoStoreError';
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Mapping = ReclaimRequest['mappings'][number];

function membersOnly(
  mappings: Mapping[],
  memberIds: ReadonlyMap<string, string>,
  refuse: (mapping: Mapping, reason: string) => void,
  target: string,
): Mapping[] {
  return mappings.filter((mapping) => {
    const member = memberIds.has(mapping.targetUser.toLowerCase());
    if (!member) refuse(mapping, `${mapping.targetUser} is not a member of ${target}.`);
    return member;
  });
}

/**
 * Each invitation GitHub accepted and each reattribution it made, kept in the store as it happens (the page then
 * says "Invited", and "Reattributed" rather than "Accepted by").
 */
function keepingSent(kept: IdentityDrafts | undefined, target: string) {
  const keep =
    (how: 'invited' | 'reattributed') =>
    async ({ mannequin, targetUser }: Invitation) => {
      if (kept && mannequin.databaseId !== null && mannequin.databaseId < 2 ** 31)
        await kept[how](target, mannequin.databaseId, mannequin.id, targetUser);
    };
  return { sent: keep('invited'), reattributed: keep('reattributed') };
}

export function createIdentities(options: IdentitiesOptions) {
  const { config } = options;
  const refuse = (message: string) => new IdentityInputError(message);
  const chooseCredential = targetCredentials(config, options.fetchTarget, refuse, options.secrets);
  const spacingMs = options.spacingMs ?? INVITATION_SPACING_MS;
  const sleep = options.sleep ?? wait;
  const archiveReader =
    options.archiveReader ?? createArchiveIdentityReader({ archiveDir: options.archiveDir });
  // The target account's hold and write slot, shared with the moves and the team's other gateways.
  const limits =
    options.limits ?? (options.store ? storeAccountLimits(options.store) : processAccountLimits());

  function clientFor(asked: string | undefined) {
    const credential = chooseCredential(asked);
    const client = createTargetClient({
      baseUrl: config.target.baseUrl,
      authorization: () => credential.authorization(),
      fetch: options.fetchTarget,
      bounds: jsonBounds(config),
      gate: gateOf(limits, targetAccountKey(credential.name)),
      writeSpacingMs: spacingMs,
      sleep,
    });
    return { credential, client };
  }

  async function drafts() {
    if (!options.store) throw new NoStoreError('Ferry’s store is not open: the identity map cannot be kept.');
    return identityDrafts(await options.store());
  }

  /** The map as edited: a mannequin's draft, where its id still names that mannequin. */
  async function mapping(target: string, mannequins: readonly Mannequin[]): Promise<Map<string, string>> {
    const byId = new Map(mannequins.map((m) => [m.id, m]));
    const map = new Map<string, string>();
    for (const draft of await (await drafts()).list(target))
      if (byId.get(draft.mannequinId)?.databaseId === draft.databaseId && draft.targetUser)
        map.set(draft.mannequinId, draft.targetUser);
    return map;
  }

  return {
    async list(target: string, asked?: string): Promise<IdentitiesAnswer> {
      const { credential, client } = clientFor(asked);
      const mannequins = await listMannequins(client, target);
      const members = await listMembers(client, target);
      const kept = options.store ? await drafts() : undefined;
      const store = options.store ? await options.store() : undefined;
      const people = await archiveReader.people(
        store ? archiveSources(await store.moves.list(), target) : [],
      );
      const imported =
        store && options.importAuthors
          ? await options.importAuthors.people((await store.recent.list('import')).map((item) => item.key))
          : { authors: [], imports: [] };
      const suggest = personSuggester(members.items);
      const cut = [mannequins.cut ? 'mannequins' : '', members.cut ? 'members' : ''].filter(Boolean);
      const cuts = [
        cut.length > 0
          ? `Only the first ${mannequins.items.length} mannequins and ${members.items.length} members were read (${cut.join(' and ')} cut at 50 pages).`
          : '',
        people.cut ?? '',
      ].filter(Boolean);
      return {
        target,
        credential: credential.name,
        mannequins: mannequins.items,
        members: members.items,
        suggestions: suggestIdentities(mannequins.items, members.items, people.users),
        drafts: kept ? await kept.list(target) : [],
        invitations: kept ? await kept.invitations(target) : [],
        reattributions: kept ? await kept.reattributions(target) : [],
        archiveUsers: people.users.map((user) => {
          const suggestion = suggest(user);
          return suggestion ? { ...user, suggestion } : user;
        }),
        commitAuthors: [...people.authors, ...imported.authors].map((author) => {
          const suggestion = suggest({ emails: [author.email] });
          return suggestion ? { ...author, suggestion } : author;
        }),
        archives: people.archives,
        imports: imported.imports,
        ...(cuts.length > 0 ? { cut: cuts.join(' ') } : {}),
      };
    },

    async drafts(target: string) {
      return (await drafts()).list(target);
    },

    async saveDrafts(target: string, save: IdentityDraftsSave): Promise<IdentityDraftsSaved> {
      return (await drafts()).save(target, save);
    },

    async csv(target: string, asked?: string): Promise<ReclaimCsv> {
      const { client } = clientFor(asked);
      const mannequins = await listMannequins(client, target);
      return reclaimCsv(mannequins.items, await mapping(target, mannequins.items));
    },

    async reclaim(request: ReclaimRequest): Promise<ReclaimAnswer> {
      const { client } = clientFor(request.credential);
      const store = options.store ? await options.store() : undefined;
      const kept = store ? identityDrafts(store) : undefined;
      const mannequins = await listMannequins(client, request.target);
      if (!mannequins.organizationId)
        throw new IdentityInputError(`GitHub answered no organization ${request.target}.`);
      const members = await listMembers(client, request.target);
      const byId = new Map(mannequins.items.map((m) => [m.id, m]));
      const memberIds = new Map(members.items.map((m) => [m.login.toLowerCase(), m.id]));
      const results: ReclaimAnswer['results'] = [];
      const refused = (mapping: ReclaimRequest['mappings'][number], reason: string) =>
        results.push({ ...mapping, result: 'refused', reason });

      const asked = request.mappings.filter((mapping) => {
        const mannequin = byId.get(mapping.mannequinId);
        if (!mannequin) refused(mapping, `No mannequin with this id in ${request.target}.`);
        else if (mannequin.claimant) refused(mapping, `Already reclaimed by ${mannequin.claimant.login}.`);
        return mannequin !== undefined && !mannequin.claimant;
      });
      // People not listed as members are looked up, so GitHub refuses them in its own words; without invitations
      // (EMU) they are refused here, so that GitHub's first refusal is the organization's (see sendInvitations).
      const sendable = request.skipInvitation
        ? membersOnly(asked, memberIds, refused, request.target)
        : asked;
      const strangers = [
        ...new Set(sendable.map((m) => m.targetUser.toLowerCase()).filter((login) => !memberIds.has(login))),
      ];
      const users = await userIds(client, strangers);
      const invitations: Invitation[] = [];
      for (const mapping of sendable) {
        const login = mapping.targetUser.toLowerCase();
        const user = memberIds.get(login) ?? users.get(login);
        if (user === undefined || (typeof user !== 'string' && 'missing' in user)) {
          refused(mapping, user && 'missing' in user ? user.missing : 'GitHub knows no such user.');
          continue;
        }
        const targetId = typeof user === 'string' ? user : user.id;
        invitations.push({
          mannequin: byId.get(mapping.mannequinId) as Mannequin,
          targetUser: mapping.targetUser,
          targetId,
        });
      }
      const sent = await sendInvitations(invitations, {
        client,
        organizationId: mannequins.organizationId,
        // Each invitation is a mutation: the client claims the account's write slot before sending it.
        pace: () => Promise.resolve(),
        skipInvitation: request.skipInvitation === true,
        ...keepingSent(kept, request.target),
      });
      // In the order asked.
      const all = new Map([...results, ...sent.results].map((result) => [result.mannequinId, result]));
      return {
        results: request.mappings.flatMap((mapping) => all.get(mapping.mannequinId) ?? []),
        ...(sent.retryAfterSeconds !== undefined ? { retryAfterSeconds: sent.retryAfterSeconds } : {}),
      };
    },
  };
}

export type Identities = ReturnType<typeof createIdentities>;
