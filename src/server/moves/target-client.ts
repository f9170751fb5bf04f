import {
  GEI_GRAPHQL_FEATURES,
  parseGraphqlAnswer,
  parseGraphqlRateLimit,
  parseRepositoryPresence,
  parseTargetOrganization,
  type GraphqlAnswer,
  type GraphqlError,
  type GraphqlRateLimit,
  type TargetOrganization,
} from '@/contracts/github/gei';
import { isRecord, isShapeError, stringOf } from '@/contracts/json';
import { USER_AGENT } from '@/contracts/github/http';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '@/server/outbound/bounded-fetch';
import { claimWriteSlot, type AccountGate } from '@/server/credentials/account-limits';
import {
  failingAs,
  notJson,
  onSide,
  upstreamError,
  UpstreamFailureError,
} from '@/server/outbound/upstream-failure';
import { limited, limitName, limitWaitMs, refuseWhileHeld, SECONDARY_WAIT_SECONDS } from './target-limits';
import { TargetCredentialError, TargetGraphqlError, TargetUnavailableError } from './target-errors';

/**
 * The target GitHub.com as a move talks to it: GraphQL POSTs through the gateway's bounded outbound fetch, the
 * token injected here (never stored elsewhere), every answer parsed (src/contracts/github/gei.ts). Limits and
 * GEI's outage come out as typed errors (target-errors.ts); other GraphQL errors are handed back with the data,
 * since some are answers (a repository that is not there is a NOT_FOUND beside a null).
 */
export interface TargetClientOptions {
  /** `TARGET_GITHUB_API_URL`; GraphQL is at `{baseUrl}/graphql` (GitHub.com and GHE.com alike). */
  baseUrl: string;
  authorization: () => Promise<string>;
  fetch: UpstreamFetch;
  bounds: OutboundBounds;
  /** The account's gate (src/server/credentials/account-limits.ts): its hold and write slot, shared by the team. */
  gate?: AccountGate;
  /** Whose GitHub this client asks, as a wait is said on the page: "the target" (default) or "the source". */
  side?: string;
  /** The upstream's seconds per real second (a faster simulated GitHub); 1 by default. */
  clockRate?: number;
  /** Between two of the account's writes (GitHub's second by default). */
  writeSpacingMs?: number;
  /** Told before each request is put on the wire (after any hold or write slot): nothing sent is uncounted. */
  beforeSend?: () => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

/** Names checked in one aliased query: 50 `repository` fields cost one point (no connections). */
export const NAMES_PER_QUERY = 50;
/** GitHub's advice: at least a second between one account's writes. */
export const WRITE_SPACING_MS = 1_000;

export interface GraphqlExchange {
  answer: GraphqlAnswer;
  headers: Headers;
}

/** What one organization read tells: the organization, whether GEI's operations answer this token, its points. */
export interface OrganizationRead {
  organization: TargetOrganization | null;
  /** GitHub's message when it knows no such organization (or hides it from this token). */
  missing?: string;
  /** null: GEI's operations answer this token; else GitHub's refusal (App, fine-grained, scopes). */
  geiRefusal: GraphqlError | null;
  rateLimit?: GraphqlRateLimit;
  /** `X-OAuth-Scopes` (classic tokens on GitHub.com); undefined when GitHub sent none. */
  scopes?: string[];
}

const ORGANIZATION_QUERY = `query ferryMovePreflight($login: String!) {
  org: organization(login: $login) { id databaseId login name }
  gei: organization(login: $login) { repositoryMigrations(first: 1) { totalCount } }
  rateLimit { limit remaining used resetAt cost }
}`;

/** One aliased query for a chunk of names: `n0: repository(owner: $owner, name: $n0) { name }`, … */
export function nameCheckQuery(count: number): string {
  const variables = Array.from({ length: count }, (_, i) => `$n${i}: String!`).join(', ');
  const fields = Array.from(
    { length: count },
    (_, i) => `  n${i}: repository(owner: $owner, name: $n${i}) { name }`,
  ).join('\n');
  return `query ferryMoveNames($owner: String!, ${variables}) {\n${fields}\n}`;
}

/** Mutations are writes: GitHub asks for a second between one account's (its secondary limits). */
const isMutation = (text: string) => /^\s*mutation\b/.test(text);

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const firstTyped = (answer: GraphqlAnswer, types: readonly string[]) =>
  answer.errors.find((error) => error.type !== undefined && types.includes(error.type));

/**
 * The wire of one client: `wire` sends a request (see below), `sentCount` says how many it put on the wire
 * (answered or not): a move counts what GitHub counted.
 */
function wireOf(options: TargetClientOptions) {
  const clockRate = options.clockRate ?? 1;
  const side = options.side ?? 'the target';
  const sleep = options.sleep ?? sleepFor;
  const writeSpacing = options.writeSpacingMs ?? WRITE_SPACING_MS;
  let sent = 0;

  /**
   * One request on the wire: held while the account is, counted before it leaves, a write's slot claimed last; the
   * answer read bounded. GitHub's limits (held for the team) and a refused credential come out as typed errors.
   */
  async function wire(
    request: { method: string; url: string; body?: string; write: boolean; graphql?: boolean },
    bounds: OutboundBounds,
  ) {
    await refuseWhileHeld(options.gate, side);
    const headers = new Headers({
      'user-agent': USER_AGENT,
      accept: request.graphql ? 'application/json' : 'application/vnd.github+json',
      authorization: await options.authorization(),
    });
    if (request.body !== undefined) headers.set('content-type', 'application/json');
    if (request.graphql) headers.set('graphql-features', GEI_GRAPHQL_FEATURES);
    // Written before the request leaves (a move's count): one whose answer dies with this process is still counted.
    await options.beforeSend?.();
    // A write claims the team's slot last, right before the wire: the count above waits on the move's row, and a
    // claim made before it let two gateways' starts reach GitHub 0.74 s apart (move-team bench).
    if (options.gate && request.write) await claimWriteSlot(options.gate, writeSpacing, sleep);
    sent++;
    const { response, body } = await failingAs('connect', () =>
      fetchBounded(
        options.fetch,
        request.url,
        { method: request.method, headers, body: request.body, redirect: 'manual' },
        bounds,
      ),
    );
    const raw = new TextDecoder().decode(await failingAs('body', () => readBounded(body)));
    let parsed: unknown;
    try {
      parsed = raw ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    const message = isRecord(parsed) ? stringOf(parsed.message)?.slice(0, 300) : undefined;
    const pauseMs = limitWaitMs(response, message, undefined, clockRate);
    if (pauseMs !== undefined)
      return limited(
        options.gate,
        message ?? 'The target’s rate limit is spent.',
        pauseMs,
        limitName(side, response.headers.get('x-ratelimit-remaining') === '0'),
      );
    if (response.status === 401)
      throw new TargetCredentialError(
        `GitHub refused the target credential: ${message ?? 'Bad credentials'}.`,
      );
    return { response, parsed, message };
  }

  return { wire, sentCount: () => sent };
}

export function createTargetClient(options: TargetClientOptions) {
  const restBase = options.baseUrl.replace(/\/+$/, '');
  const url = `${restBase}/graphql`;

  const clockRate = options.clockRate ?? 1;
  const side = options.side ?? 'the target';
  const { wire, sentCount } = wireOf(options);

  /** A failure of GitHub's is said to be this client's side's (a page heads the target's as its importer's). */
  const failingSide = side === 'the source' ? 'source' : 'target';
  const query = (text: string, variables: Record<string, unknown>, bounds = options.bounds) =>
    send(text, variables, bounds).catch((error: unknown) => {
      throw onSide(error, failingSide);
    });

  async function send(
    text: string,
    variables: Record<string, unknown>,
    bounds: OutboundBounds,
  ): Promise<GraphqlExchange> {
    const { response, parsed, message } = await wire(
      {
        method: 'POST',
        url,
        body: JSON.stringify({ query: text, variables }),
        write: isMutation(text),
        graphql: true,
      },
      bounds,
    );
    if (parsed === undefined) throw new UpstreamFailureError(notJson(response.status));
    if (response.status !== 200) throw new UpstreamFailureError(upstreamError(response.status, message));
    let answer: GraphqlAnswer;
    try {
      answer = parseGraphqlAnswer(parsed);
    } catch (error) {
      if (isShapeError(error)) throw new UpstreamFailureError(upstreamError(200, error.message));
      throw error;
    }
    const limitedBy = firstTyped(answer, ['RATE_LIMIT', 'RATE_LIMITED']);
    if (limitedBy)
      return limited(
        options.gate,
        limitedBy.message,
        limitWaitMs(response, undefined, limitedBy, clockRate) ?? SECONDARY_WAIT_SECONDS * 1_000,
        limitName(side, limitedBy.type === 'RATE_LIMITED'),
      );
    const unavailable = firstTyped(answer, ['SERVICE_UNAVAILABLE']);
    if (unavailable) throw new TargetUnavailableError(unavailable.message);
    return { answer, headers: response.headers };
  }

  /** Data or GitHub's first error: for a read whose errors are all fatal. */
  const shaped = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (isShapeError(error))
        throw new UpstreamFailureError({ ...upstreamError(200, error.message), side: failingSide });
      throw error;
    }
  };

  return {
    query,
    /** How many requests were sent so far (a refused or unanswered one included). */
    sentCount,

    /**
     * The organization (node id, database id, name), and — in the same request — whether GEI's operations
     * answer this token: `repositoryMigrations` needs what `startRepositoryMigration` needs of a token (a
     * classic PAT), so GitHub's refusal of an App or a fine-grained token is read here, before any start.
     */
    async organization(login: string): Promise<OrganizationRead> {
      const { answer, headers } = await query(ORGANIZATION_QUERY, { login });
      const at = (alias: string) => answer.errors.find((error) => error.path?.[0] === alias);
      const organization = shaped(() => parseTargetOrganization(answer.data?.org));
      const orgError = at('org');
      if (!organization && !orgError) {
        const first = answer.errors[0];
        throw new TargetGraphqlError(first?.message ?? 'GitHub answered no organization.', first?.type);
      }
      const scopes = headers.get('x-oauth-scopes');
      return {
        organization,
        ...(organization ? {} : { missing: orgError?.message }),
        geiRefusal: organization ? (at('gei') ?? null) : null,
        rateLimit: shaped(() => parseGraphqlRateLimit(answer.data?.rateLimit)),
        ...(scopes === null
          ? {}
          : {
              scopes: scopes
                .split(',')
                .map((scope) => scope.trim())
                .filter(Boolean)
                .slice(0, 50),
            }),
      };
    },

    /**
     * Which of `names` already exist in `owner` (lower case, as GitHub compares them): one aliased query per
     * 50 names, never one request per repository. A name GitHub answers neither way is a typed error.
     */
    async takenNames(owner: string, names: readonly string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (let start = 0; start < names.length; start += NAMES_PER_QUERY) {
        const chunk = names.slice(start, start + NAMES_PER_QUERY);
        const variables: Record<string, string> = { owner };
        chunk.forEach((name, i) => (variables[`n${i}`] = name));
        const { answer } = await query(nameCheckQuery(chunk.length), variables);
        chunk.forEach((name, i) => {
          const alias = `n${i}`;
          if (shaped(() => parseRepositoryPresence(answer.data?.[alias]))) {
            taken.add(name.toLowerCase());
            return;
          }
          const error = answer.errors.find((found) => found.path?.[0] === alias);
          // Absent means GitHub's NOT_FOUND; any other error leaves the name's state unknown.
          if (!error || error.type !== 'NOT_FOUND')
            throw new TargetGraphqlError(
              error?.message ?? `GitHub said nothing of ${owner}/${name}.`,
              error?.type,
            );
        });
      }
      return taken;
    },

    /**
     * `DELETE /repos/{owner}/{name}` (a trial's repository, once validated): a write, paced like every write of
     * the account. Gone is gone: GitHub's 204, or 404 (deleted before, by an earlier look). Its refusal (403: the
     * token lacks `delete_repo`, or the organization forbids deletion) is handed back in GitHub's words.
     */
    async deleteRepository(owner: string, name: string): Promise<{ deleted: true } | { refused: string }> {
      const path = `${restBase}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
      const { response, message } = await wire(
        { method: 'DELETE', url: path, write: true },
        options.bounds,
      ).catch((error: unknown) => {
        throw onSide(error, failingSide);
      });
      if (response.status === 204 || response.status === 404) return { deleted: true };
      if (response.status === 403 || response.status === 422)
        return { refused: `GitHub says (${response.status}): ${message ?? 'Forbidden'}` };
      throw onSide(new UpstreamFailureError(upstreamError(response.status, message)), failingSide);
    },

    async rateLimit(): Promise<GraphqlRateLimit | undefined> {
      const { answer } = await query('query { rateLimit { limit remaining used resetAt cost } }', {});
      return shaped(() => parseGraphqlRateLimit(answer.data?.rateLimit));
    },
  };
}

export type TargetClient = ReturnType<typeof createTargetClient>;
