import type { GatewayConfig } from '@/server/config';
import type { Credential } from '@/server/credentials/credentials';
import type { UpstreamFetch } from '@/server/outbound/bounded-fetch';
import { jsonBounds } from '@/server/outbound/bounds';
import { createGithubClient, type GithubClient } from '@/server/waves/github-client';

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

/** One source client per credential name (none: unauthenticated), each keeping what its answers said. */
export function sourceClients(
  config: GatewayConfig,
  credentialOf: (name: string) => Credential | undefined,
  fetchGithub: UpstreamFetch,
) {
  const seen = new Map<string, SourceHeaders>();
  const clients = new Map<string, GithubClient>();
  return {
    clientOf: (name: string | undefined): GithubClient => {
      const key = name ?? '';
      let client = clients.get(key);
      if (!client) {
        const credential = name === undefined ? undefined : credentialOf(name);
        const headers: SourceHeaders = {};
        seen.set(key, headers);
        client = readingSourceHeaders(
          createGithubClient({
            baseUrl: config.github.baseUrl,
            authorization: credential ? () => credential.authorization() : undefined,
            apiVersion: config.github.apiVersion,
            fetch: fetchGithub,
            bounds: jsonBounds(config, true),
          }),
          headers,
        );
        clients.set(key, client);
      }
      return client;
    },
    headersOf: (name: string): SourceHeaders => seen.get(name) ?? {},
  };
}
