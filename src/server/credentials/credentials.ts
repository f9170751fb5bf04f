import type { CredentialAccount } from '@/contracts/budgets';
import type { CredentialDetails, OperationCredentials, CredentialSummary } from '@/contracts/credentials';
import { parseInstallation, parseUserLogin } from '@/contracts/github/credential-answers';
import type { OutboundBounds, UpstreamFetch } from '../outbound/bounded-fetch';
import type { SecretRegistry } from '../secret-registry';
import { appCredential, type AppCredential } from './app-credential';
import { expiryOf, githubAsker, type AskGithub } from './ask-github';
import { chooseCredential } from './choose-credential';
import type { AppCredentialConfig, GithubCredentialConfig, TokenCredentialConfig } from './credential-config';

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

/** A credential with the configuration it came from (an App's installation id, a token's kind). */
type Configured =
  | { kind: 'token'; config: TokenCredentialConfig; credential: Credential }
  | { kind: 'app'; config: AppCredentialConfig; credential: AppCredential };

function tokenCredential(config: TokenCredentialConfig): Credential {
  return {
    name: config.name,
    kind: config.kind,
    authorization: () => Promise.resolve(`Bearer ${config.token}`),
    refused: () => undefined,
    currentSecret: () => undefined,
  };
}

/** What GitHub says of one credential for the Connection page: an App's installation, a token's user. */
function describe(ask: AskGithub, entry: Configured): Promise<CredentialDetails> {
  const { credential } = entry;
  if (entry.kind === 'app') {
    return ask(
      credential,
      `app/installations/${entry.config.installationId}`,
      async () => `Bearer ${await entry.credential.jwt()}`,
      (found) => parseInstallation(found.body),
    );
  }
  return ask(
    credential,
    'user',
    () => credential.authorization(),
    (found) => {
      const scopes = found.headers.get('x-oauth-scopes');
      return {
        login: parseUserLogin(found.body),
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
}

/** A token's expiry from `GET /rate_limit` (free); an App is listed without a request (renewed by the hour). */
function expiry(ask: AskGithub, credential: Credential): Promise<CredentialDetails> {
  return credential.kind === 'app'
    ? Promise.resolve({ name: credential.name, kind: credential.kind })
    : ask(
        credential,
        'rate_limit',
        () => credential.authorization(),
        (found) => ({ expiresAt: expiryOf(found.headers) }),
      );
}

/**
 * Whose budget each credential spends. A token's user is asked once and kept (a token never changes hands);
 * one the Connection page's details already name is not asked; an unanswered one is asked again next time.
 */
function accountsOf(
  ask: AskGithub,
  configured: readonly Configured[],
  seenDetails: () => Promise<CredentialDetails[]> | undefined,
) {
  const logins = new Map<string, Promise<string | undefined>>();
  const loginOf = (credential: Credential): Promise<string | undefined> => {
    let found = logins.get(credential.name);
    if (!found) {
      const asking = (async () => {
        const seen = (await seenDetails())?.find((details) => details.name === credential.name)?.login;
        if (seen) return seen;
        const details = await ask(
          credential,
          'user',
          () => credential.authorization(),
          (answer) => ({ login: parseUserLogin(answer.body) }),
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
  return (): Promise<CredentialAccount[]> =>
    Promise.all(
      configured.map(async ({ config, credential }): Promise<CredentialAccount> => {
        const summary = { name: credential.name, kind: credential.kind };
        if (config.kind === 'app') return { ...summary, installationId: config.installationId };
        return configured.length > 1 ? { ...summary, login: await loginOf(credential) } : summary;
      }),
    );
}

export function createCredentials(
  configs: readonly GithubCredentialConfig[],
  options: CredentialsOptions,
): Credentials {
  const now = options.now ?? Date.now;
  const configured = configs.map((config): Configured =>
    config.kind === 'app'
      ? { kind: 'app', config, credential: appCredential(config, options) }
      : { kind: 'token', config, credential: tokenCredential(config) },
  );
  const list = configured.map(({ credential }) => credential);
  const ask = githubAsker(options);
  let known: { at: number; details: Promise<CredentialDetails[]> } | undefined;
  return {
    list,
    choose: (asked, operation) => chooseCredential(list, asked, operation),
    details() {
      if (!known || now() - known.at > DETAILS_FOR_MS) {
        known = { at: now(), details: Promise.all(configured.map((entry) => describe(ask, entry))) };
      }
      return known.details;
    },
    expiries: () => Promise.all(list.map((credential) => expiry(ask, credential))),
    // The Connection page's details, when someone opened it, already name each token's user.
    accounts: accountsOf(ask, configured, () => known?.details),
  };
}
