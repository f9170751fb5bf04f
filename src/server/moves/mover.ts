import type { PlanAccountCost } from '@/contracts/budgets';
import type { GraphqlRateLimit } from '@/contracts/github/gei';
import { githubOperation } from '@/contracts/github/operations';
import type { MoveStartRequest } from '@/contracts/move-run';
import {
  MAX_MOVE_REPOSITORIES,
  NOT_MIGRATED,
  type MovePreview,
  type MoveRepositoryChoice,
  type MoveTarget,
} from '@/contracts/moves';
import type { PlannedRepo } from '@/contracts/waves';
import type { WavePreview } from '@/contracts/waves';
import { upstreamClockRate, type GatewayConfig } from '@/server/config';
import {
  gateOf,
  processAccountLimits,
  sourceGate,
  targetAccountKey,
  type AccountLimits,
} from '@/server/credentials/account-limits';
import type { Credential, Credentials } from '@/server/credentials/credentials';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import { notAdministered, outsideOf } from '@/server/auth/write-access';
import type { SecretRegistry } from '@/server/secret-registry';
import { filterRepos } from '@/server/waves/planner';
import { createRepositoryListings } from '@/server/waves/repository-listing';
import { MoveForbiddenError, MoveInputError } from './move-input-error';
import { moveCost } from './move-cost';
import { moveExports } from './move-exports';
import { planRepositories, targetNameOf } from './move-plan';
import { sourceClients } from './source-reads';
import { sourceLimit } from './source-limit';
import { targetCredentials } from './target-credential';
import { createTargetClient } from './target-client';
import { readTargetRulesets } from './target-rulesets';
import type { InventoryStore } from '@/server/store/inventory-store';
import { previewInventory } from './inventory/preview-inventory';
import { sourceTokenCheck, targetTokenCheck, tokenKindOf } from './token-checks';

/**
 * A move's plan (issue 36, first slice): the source organization's repositories by the wave's filters, each
 * one's pre-flight on the target, the tokens each step needs, and the cost per paying account. Requests: the
 * source's listing pages (kept 5 minutes, as a wave's), one target organization read (which also asks GitHub
 * whether GEI answers the target token), one aliased name check per 50 repositories, and the organization's
 * rulesets by REST (one list, one read per ruleset not disabled). With `afterValidation: archive`, each
 * repository's admin right comes from the listing itself.
 */
export interface MoverOptions {
  config: GatewayConfig;
  /** The source's credentials (today's GitHub connection). */
  credentials: Credentials;
  fetchGithub: UpstreamFetch;
  fetchTarget: UpstreamFetch;
  secrets?: SecretRegistry;
  /** The source account's budget beside its unfinished waves (the wave runner's `accountCost`). */
  sourceBudget?: (
    credential: string,
    requests: WavePreview['requests'],
  ) => Promise<PlanAccountCost | undefined>;
  /** The source account's GraphQL points (what validation spends) as last read: no request of its own. */
  sourceGraphqlBudget?: (
    credential: string,
  ) => Promise<Pick<GraphqlRateLimit, 'limit' | 'remaining' | 'resetAt'> | undefined>;
  /** Each account's hold and write slot, shared by the team (none: this process's only). */
  limits?: AccountLimits;
  /** Where the inventory is kept (the store's; none: this process keeps it). */
  inventories?: () => Promise<InventoryStore>;
  now?: () => number;
}

const EXPORT = githubOperation('migrations/start-for-org');

/** The user's per-repository choices by name, once the selection is one a move takes and names them all. */
function choicesOf(selected: readonly PlannedRepo[], request: MoveStartRequest) {
  if (selected.length === 0) throw new MoveInputError('No repository matches these filters.');
  if (selected.length > MAX_MOVE_REPOSITORIES)
    throw new MoveInputError(
      `${selected.length} repositories match: a move takes at most ${MAX_MOVE_REPOSITORIES}; narrow the filters.`,
    );
  const choices = new Map((request.repositories ?? []).map((choice) => [choice.name.toLowerCase(), choice]));
  const known = new Set(selected.map((repo) => repo.name.toLowerCase()));
  const stray = (request.repositories ?? []).find((choice) => !known.has(choice.name.toLowerCase()));
  if (stray) throw new MoveInputError(`${stray.name} is not among the repositories these filters select.`);
  return choices;
}

/** A self-service person moves the repositories they administer only: the first other one is named. */
function refuseOthers(selected: readonly PlannedRepo[], only: readonly string[] | undefined) {
  const other = outsideOf(
    only,
    selected.map((repo) => repo.name),
  );
  if (other && only) throw new MoveForbiddenError(notAdministered(other, only, 'moves'));
}

/** The names the move takes on the target, once each (GitHub compares names in lower case). */
function targetNames(
  selected: readonly PlannedRepo[],
  choices: ReadonlyMap<string, MoveRepositoryChoice>,
  trialSuffix: string | undefined,
): string[] {
  const names = new Map<string, string>();
  for (const repo of selected) {
    const name = targetNameOf(repo, choices.get(repo.name.toLowerCase()), trialSuffix);
    names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

export function createMover(options: MoverOptions) {
  const { config } = options;
  const now = options.now ?? Date.now;
  const targetConfigs = new Map(config.target.credentials.map((entry) => [entry.name, entry]));
  const sourceConfigs = new Map(config.github.credentials.map((entry) => [entry.name, entry]));
  const limits = options.limits ?? processAccountLimits(now);
  const sources = sourceClients(config, options.credentials, options.fetchGithub, limits);
  const { clientOf, headersOf } = sources;
  const listings = createRepositoryListings({ clientOf, now });
  const readInventory = previewInventory({ ...options, limits, clientOf, now });

  /** The source credential: the one named, else the first that may export (one that may not is a 422). */
  function chooseSource(asked: string | undefined): Credential {
    const choice = options.credentials.choose(asked, EXPORT);
    if (!choice.ok) throw new MoveInputError(choice.message);
    return choice.credential;
  }

  const chooseTarget = targetCredentials(
    config,
    options.fetchTarget,
    (message) => new MoveInputError(message),
    options.secrets,
  );

  return {
    /** Each side's account gate by credential name (its hold and write slot, shared by the team). */
    gates: {
      source: (name: string) => sourceGate(limits, options.credentials, name),
      target: (name: string) => gateOf(limits, targetAccountKey(name)),
    },
    /** Where moves land and with which credentials: names and kinds, never a value. */
    target: (): MoveTarget => ({
      mode: config.target.mode,
      apiUrl: config.target.baseUrl,
      uploadsUrl: config.target.uploadsUrl,
      credentials: config.target.credentials.map((entry) => ({ name: entry.name, kind: tokenKindOf(entry) })),
    }),
    /** A move's credentials by name (as its preview chose them): the source's may export, the target's. */
    sourceCredential: (name: string | undefined) => chooseSource(name),
    targetCredential: (name: string | undefined) => chooseTarget(name),
    /** Drop the listings kept (the simulator behind was reset). */
    forget: () => {
      listings.forget();
      sources.forget();
    },

    /**
     * `trialSuffix`: a trial move's start plans under its trial names (`targetNameOf`). `only`: a self-service
     * person's repositories (issue 51): a selection with another is refused, naming it.
     */
    async preview(
      request: MoveStartRequest,
      trialSuffix?: string,
      only?: readonly string[],
    ): Promise<MovePreview> {
      const source = chooseSource(request.source.credential);
      const target = chooseTarget(request.target.credential);
      const sent = { target: 0, targetGraphql: 0 };
      const fetchTarget: UpstreamFetch = (outgoing) => {
        sent.target++;
        if (new URL(outgoing.url).pathname.endsWith('/graphql')) sent.targetGraphql++;
        return options.fetchTarget(outgoing);
      };
      const owner = { kind: 'org' as const, login: request.source.login };
      const listing = await listings.list(owner, source.name);
      const selected = filterRepos(listing.repos, request.filters);
      const choices = choicesOf(selected, request);
      refuseOthers(selected, only);

      const gate = gateOf(limits, targetAccountKey(target.name));
      const clockRate = upstreamClockRate(config, 'target');
      const client = createTargetClient({
        baseUrl: config.target.baseUrl,
        authorization: () => target.authorization(),
        fetch: fetchTarget,
        bounds: jsonBounds(config),
        gate,
        clockRate,
      });
      const read = await client.organization(request.target.login);
      if (!read.organization)
        throw new MoveInputError(
          `No organization ${request.target.login} on the target${read.missing ? `: GitHub says “${read.missing}”` : ''}.`,
        );
      const names = targetNames(selected, choices, trialSuffix);
      const taken = await client.takenNames(read.organization.login, names);
      const rulesets = await readTargetRulesets(
        {
          baseUrl: config.target.baseUrl,
          apiVersion: config.github.apiVersion,
          authorization: () => target.authorization(),
          fetch: fetchTarget,
          bounds: jsonBounds(config),
          gate,
          clockRate,
        },
        read.organization.login,
      );
      const inventoryRead = request.inventory ? await readInventory(request, source, selected) : undefined;
      const facts = inventoryRead && !('error' in inventoryRead) ? inventoryRead : undefined;
      const headers = headersOf(source.name);
      const limit = sourceLimit(headers.version);
      const repositories = planRepositories({
        selected,
        choices,
        taken,
        limit,
        target: { login: read.organization.login },
        rulesets,
        ...(request.afterValidation === 'archive' ? { archiveBy: source.name } : {}),
        ...(trialSuffix === undefined ? {} : { trialSuffix }),
        ...(facts ? { inventory: facts } : {}),
      });

      const targetEntry = targetConfigs.get(target.name);
      const sourceEntry = sourceConfigs.get(source.name);
      const tokens = [
        sourceTokenCheck(source.name, sourceEntry ? tokenKindOf(sourceEntry) : source.kind, headers.scopes),
        targetTokenCheck(target.name, targetEntry ? tokenKindOf(targetEntry) : target.kind, read),
      ];

      const ready = selected.filter((_, index) => repositories[index]?.ready);
      const exports = moveExports(ready, listing.repos.length, request.caps);
      const organization = read.organization;
      const sourceBudget = await options.sourceBudget?.(source.name, exports.requests).catch(() => undefined);
      // After the REST budget's: the account of the credential is known by then (no `GET /user` more).
      const sourceGraphqlBudget = await options.sourceGraphqlBudget?.(source.name).catch(() => undefined);
      const cost = moveCost({
        sizesKb: ready.map((repo) => repo.sizeKb),
        exports,
        sourceCredential: source.name,
        targetCredential: target.name,
        targetBudget: read.rateLimit,
        sourceGraphqlBudget,
      });
      return {
        source: {
          login: request.source.login,
          credential: source.name,
          ...(headers.version ? { version: headers.version } : {}),
          limitKb: limit.limitKb,
          limitReason: limit.reason,
        },
        target: {
          login: organization.login,
          credential: target.name,
          organization: { id: organization.id, databaseId: organization.databaseId, name: organization.name },
        },
        listed: listing.repos.length,
        selected: selected.length,
        ready: ready.length,
        repositories,
        tokens,
        notMigrated: NOT_MIGRATED,
        cost: sourceBudget ? { ...cost, source: { ...cost.source, budget: sourceBudget } } : cost,
        requests: { source: listing.kept ? 0 : listing.counted, ...sent },
        ...(facts ? { inventory: facts.summary } : {}),
        ...(inventoryRead && 'error' in inventoryRead ? { inventoryError: inventoryRead.error } : {}),
      };
    },
  };
}

export type Mover = ReturnType<typeof createMover>;
