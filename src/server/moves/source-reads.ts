import type { GatewayConfig } from '@/server/config';
import { sourceGate, type AccountLimits } from '@/server/credentials/account-limits';
import type { Credentials } from '@/server/credentials/credentials';
import { waveClients } from '@/server/gateway/wave-clients';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import type { GithubClient } from '@/server/waves/github-client';

/**
 * What the source's own answers say of the token and the server, read from the listing Ferry makes anyway (no
 * request of its own): `X-OAuth-Scopes` (a classic token's scopes) and `X-GitHub-Enterprise-Version` (GitHub
 * Enterprise Server's version, which sets GEI's size limit). Kept per credential: a listing read from cache
 * sends nothing.
 */
export interface SourceHeaders {
  scopes?: string[];
  version?: string;
}

export function readingSourceHeaders(client: GithubClient, seen: SourceHeaders): GithubClient {
  return {
    ...client,
    get: async <T>(...args: Parameters<GithubClient['get']>) => {
      const answer = await client.get<T>(...args);
      const scopes = answer.headers.get('x-oauth-scopes');
      if (scopes !== null)
        seen.scopes = scopes
          .split(',')
          .map((scope) => scope.trim())
          .filter(Boolean)
          .slice(0, 50);
      const version = answer.headers.get('x-github-enterprise-version');
      if (version !== null && /^[\w.-]{1,30}$/.test(version.trim())) seen.version = version.trim();
      return answer;
    },
  };
}

/**
 * The source's clients as a wave's (`waveClients`: the first credential that may export, or the one named),
 * each keeping what its answers said. A plan only reads; GitHub's "wait" on the account holds it as every client.
 */
export function sourceClients(
  config: GatewayConfig,
  credentials: Credentials,
  fetchGithub: UpstreamFetch,
  limits: AccountLimits,
) {
  const clients = waveClients(config, credentials, fetchGithub, (name) =>
    sourceGate(limits, credentials, name),
  );
  const seen = new Map<string, SourceHeaders>();
  const made = new Map<string, GithubClient>();
  return {
    /** Throws `WaveInputError` (a 422) for a credential that may not export. */
    clientOf: (name: string | undefined): GithubClient => {
      const key = name ?? '';
      let client = made.get(key);
      if (!client) {
        const headers: SourceHeaders = {};
        seen.set(key, headers);
        client = readingSourceHeaders(name ? clients.clientFor(name) : clients.client, headers);
        made.set(key, client);
      }
      return client;
    },
    headersOf: (name: string | undefined): SourceHeaders => seen.get(name ?? '') ?? {},
    /** Drop the clients made (a reset simulator: a pause one of them learnt belongs to the old world). */
    forget() {
      made.clear();
      seen.clear();
    },
  };
}
