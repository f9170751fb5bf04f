import { createAppAuth } from '@octokit/auth-app';
import { request as octokitRequest } from '@octokit/request';
import type { CredentialAccount } from '@/contracts/budgets';
import {
  defaultCredential,
  refusalOf,
  type CredentialDetails,
  type OperationCredentials,
  type CredentialSummary,
} from '@/contracts/credentials';
import { USER_AGENT } from '@/contracts/github/http';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '../outbound/bounded-fetch';
import type { SecretRegistry } from '../secret-registry';
import { failingAs, notJson } from '../outbound/upstream-failure';
import type { GithubCredentialConfig } from './credential-config';

/** One configured credential as the gateway uses it: its `Authorization` value, minted when it must be. */
export interface Credential extends CredentialSummary {
  authorization(): Promise<string>;
  /** GitHub refused it (401): an App's installation token is minted again next time. */
  refused(): void;
  /** The installation token in use (an App), so answers that reflect it can be redacted. */
  currentSecret(): string | undefined;
}

export type CredentialChoice =
  | { ok: true; credential: Credential; isDefault: boolean }
  | { ok: false; status: 400 | 403; message: string; code: string };

export interface Credentials {
  list: readonly Credential[];
  /** The credential a request asked for (by name), or the first that may call the operation. */
  choose(asked: string | undefined, operation: OperationCredentials): CredentialChoice;
  /** What GitHub says about each (login, scopes or permissions, expiry), looked up at most every 5 minutes. */
  details(): Promise<CredentialDetails[]>;
  /**
   * Each token's expiry, read from `GET /rate_limit` (GitHub does not count it against the primary limit, and
   * every answer carries `github-authentication-token-expiration`), so a scheduled check costs no quota. Apps
   * are listed without a request: their installation token is renewed by the hour.
   */
  expiries(): Promise<CredentialDetails[]>;
  /**
   * Whose budget each credential spends: a token's user (`GET /user`, counted, asked once per token and kept —
   * a token never changes hands; none asked when there is one credential), an App's installation (no request).
   */
  accounts(): Promise<CredentialAccount[]>;
}

export interface CredentialsOptions {
  baseUrl: string;
  apiVersion: string;
  fetch: UpstreamFetch;
  bounds: OutboundBounds;
  now?: () => number;
  /** Learns installation tokens and JWTs as they are minted, and redacts what GitHub says back. */
  secrets?: SecretRegistry;
}

const DETAILS_FOR_MS = 5 * 60_000;

/** Octokit's `fetch`, through the gateway's one bounded way out. */
function boundedFetch(options: CredentialsOptions) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await fetchBounded(options.fetch, url, { ...init, redirect: 'manual' }, options.bounds);
    const body = answer.body ? await readBounded(answer.body) : null;
    const { status, statusText, headers } = answer.response;
    return new Response(status === 204 || status === 304 ? null : body, { status, statusText, headers });
  };
}

function appCredential(
  config: Extract<GithubCredentialConfig, { kind: 'app' }>,
  options: CredentialsOptions,
): Credential & { jwt(): Promise<string> } {
  const request = octokitRequest.defaults({
    baseUrl: options.baseUrl,
    headers: { 'user-agent': USER_AGENT, 'x-github-api-version': options.apiVersion },
    request: { fetch: boundedFetch(options) },
  });
  const auth = createAppAuth({
    appId: config.appId,
    privateKey: config.privateKey,
    installationId: config.installationId,
    request,
  });
  let refresh = false;
  let current: string | undefined;
  return {
    name: config.name,
    kind: 'app',
    async authorization() {
      // The library keeps the token and mints a new one shortly before it expires.
      const { token } = await auth({ type: 'installation', refresh });
      refresh = false;
      current = token;
      options.secrets?.add(token);
      return `Bearer ${token}`;
    },
    refused() {
      refresh = true;
    },
    currentSecret: () => current,
    async jwt() {
      const { token } = await auth({ type: 'app' });
      options.secrets?.add(token);
      return token;
    },
  };
}

export function createCredentials(
  configs: readonly GithubCredentialConfig[],
  options: CredentialsOptions,
): Credentials {
  const now = options.now ?? Date.now;
  const list = configs.map((config): Credential & { jwt?: () => Promise<string> } =>
    config.kind === 'app'
      ? appCredential(config, options)
      : {
          name: config.name,
          kind: config.kind,
          authorization: () => Promise.resolve(`Bearer ${config.token}`),
          refused: () => undefined,
          currentSecret: () => undefined,
        },
  );
  const byName = (name: string) => list.find((credential) => credential.name === name);
  let known: { at: number; details: Promise<CredentialDetails[]> } | undefined;

  // Failures on the way are named as the forwarder names them (`upstream-failure.ts`).
  const get = async (path: string, authorization: string) => {
    const answer = await failingAs('connect', () =>
      fetchBounded(
        options.fetch,
        `${options.baseUrl}/${path}`,
        {
          headers: {
            accept: 'application/vnd.github+json',
            authorization,
            'user-agent': USER_AGENT,
            'x-github-api-version': options.apiVersion,
          },
        },
        options.bounds,
      ),
    );
    const read = answer.body;
    const text = read ? new TextDecoder().decode(await failingAs('body', () => readBounded(read))) : '';
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: answer.response.status, headers: answer.response.headers, body };
  };

  type Answer = Awaited<ReturnType<typeof get>>;
  /** Asks GitHub one thing about a credential: a 200 is read into details, anything else is its problem. */
  const ask = async (
    credential: (typeof list)[number],
    path: string,
    authorization: () => Promise<string>,
    read: (found: Answer) => Omit<CredentialDetails, 'name' | 'kind'>,
  ): Promise<CredentialDetails> => {
    const summary = { name: credential.name, kind: credential.kind };
    // GitHub's (or a proxy's) words may quote the Authorization it received: never shown as they came.
    const redact = (text: string) => options.secrets?.redact(text) ?? text;
    try {
      const found = await get(path, await authorization());
      if (found.status !== 200) {
        const problem =
          found.body === undefined ? notJson(found.status).message : problemOf(found.status, found.body);
        return { ...summary, problem: redact(problem) };
      }
      return { ...summary, ...read(found) };
    } catch (error) {
      return {
        ...summary,
        problem: redact(error instanceof Error ? error.message : 'GitHub could not be asked.'),
      };
    }
  };

  const describe = (credential: (typeof list)[number]): Promise<CredentialDetails> => {
    const jwt = credential.jwt?.bind(credential);
    if (jwt) {
      const config = configs.find((candidate) => candidate.name === credential.name);
      const installationId = config?.kind === 'app' ? config.installationId : 0;
      return ask(
        credential,
        `app/installations/${installationId}`,
        async () => `Bearer ${await jwt()}`,
        (found) => {
          const body = found.body as { account?: { login?: unknown }; permissions?: Record<string, string> };
          return {
            login: typeof body.account?.login === 'string' ? body.account.login : undefined,
            permissions: body.permissions,
          };
        },
      );
    }
    return ask(
      credential,
      'user',
      () => credential.authorization(),
      (found) => {
        const login = (found.body as { login?: unknown }).login;
        const scopes = found.headers.get('x-oauth-scopes');
        return {
          login: typeof login === 'string' ? login : undefined,
          scopes:
            scopes === null
              ? undefined
              : scopes
                  .split(',')
                  .map((scope) => scope.trim())
                  .filter(Boolean),
          expiresAt: expiryOf(found.headers),
        };
      },
    );
  };

  // An App is listed without a request: its installation token is renewed by the hour.
  const expiry = (credential: (typeof list)[number]): Promise<CredentialDetails> =>
    credential.kind === 'app'
      ? Promise.resolve({ name: credential.name, kind: credential.kind })
      : ask(
          credential,
          'rate_limit',
          () => credential.authorization(),
          (found) => ({
            expiresAt: expiryOf(found.headers),
          }),
        );

  const logins = new Map<string, Promise<string | undefined>>();
  const loginOf = (credential: (typeof list)[number]): Promise<string | undefined> => {
    let found = logins.get(credential.name);
    if (!found) {
      const asking = (async () => {
        // The Connection page's details, when someone opened it, already name the user.
        const seen = (await known?.details)?.find((details) => details.name === credential.name)?.login;
        if (seen) return seen;
        const details = await ask(
          credential,
          'user',
          () => credential.authorization(),
          (answer) => {
            const login = (answer.body as { login?: unknown } | undefined)?.login;
            return { login: typeof login === 'string' ? login : undefined };
          },
        );
        return details.login;
      })();
      // Only an answer is kept: a token GitHub did not name the user of is asked again next time.
      void asking.then((login) => {
        if (!login) logins.delete(credential.name);
      });
      logins.set(credential.name, (found = asking));
    }
    return found;
  };
  const accountOf = async (credential: (typeof list)[number]): Promise<CredentialAccount> => {
    const summary = { name: credential.name, kind: credential.kind };
    const config = configs.find((candidate) => candidate.name === credential.name);
    if (config?.kind === 'app') return { ...summary, installationId: config.installationId };
    return list.length > 1 ? { ...summary, login: await loginOf(credential) } : summary;
  };

  return {
    list,
    choose(asked, operation) {
      if (asked !== undefined) {
        const credential = byName(asked);
        if (!credential) {
          return {
            ok: false,
            status: 400,
            code: 'UNKNOWN_CREDENTIAL',
            message: 'No GitHub credential of that name is configured on this gateway.',
          };
        }
        const refusal = refusalOf(credential.kind, operation);
        if (refusal) {
          return {
            ok: false,
            status: 403,
            code: 'CREDENTIAL_NOT_ALLOWED',
            message: `“${credential.name}”: ${refusal}`,
          };
        }
        return { ok: true, credential, isDefault: credential === defaultCredential(list, operation) };
      }
      const credential = defaultCredential(list, operation);
      if (!credential) {
        return {
          ok: false,
          status: 403,
          code: 'CREDENTIAL_NOT_ALLOWED',
          message: list.length
            ? `None of the configured credentials may call this: ${refusalOf(list[0]?.kind ?? 'app', operation) ?? ''}`
            : 'No GitHub credential is configured.',
        };
      }
      return { ok: true, credential, isDefault: true };
    },
    details() {
      if (!known || now() - known.at > DETAILS_FOR_MS) {
        const details = Promise.all(list.map(describe));
        known = { at: now(), details };
      }
      return known.details;
    },
    expiries: () => Promise.all(list.map(expiry)),
    accounts: () => Promise.all(list.map(accountOf)),
  };
}

/** GitHub's `github-authentication-token-expiration` ("2026-11-30 10:00:00 UTC") as an ISO time. */
function expiryOf(headers: Headers): string | undefined {
  const expiry = Date.parse(headers.get('github-authentication-token-expiration') ?? '');
  return Number.isFinite(expiry) ? new Date(expiry).toISOString() : undefined;
}

function problemOf(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return `GitHub answered ${status}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}.`;
}
