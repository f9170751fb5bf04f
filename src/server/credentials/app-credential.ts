import { createAppAuth } from '@octokit/auth-app';
import { request as octokitRequest } from '@octokit/request';
import { parseInstallationToken } from '@/contracts/github/credential-answers';
import { githubRequestHeaders } from '@/contracts/github/wire-headers';
import { fetchBounded, readBounded } from '../outbound/bounded-fetch';
import type { AppCredentialConfig } from './credential-config';
import type { Credential, CredentialsOptions } from './credentials';

/** A GitHub App installation as the gateway uses it: installation tokens minted (and renewed) by Octokit. */
export type AppCredential = Credential & { jwt(): Promise<string> };

const TOKEN_PATH = /\/app\/installations\/\d+\/access_tokens$/;

/**
 * Octokit's `fetch`, through the gateway's one bounded way out. A minted installation token is checked here,
 * before the library keeps it: a malformed answer is a plain error, never a `Bearer undefined` sent on.
 */
function boundedFetch(options: CredentialsOptions) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await fetchBounded(options.fetch, url, { ...init, redirect: 'manual' }, options.bounds);
    const body = answer.body ? await readBounded(answer.body) : null;
    const { status, statusText, headers } = answer.response;
    if (status === 201 && TOKEN_PATH.test(new URL(url).pathname)) checkToken(body);
    return new Response(status === 204 || status === 304 ? null : body, { status, statusText, headers });
  };
}

function checkToken(body: Uint8Array | null): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body ?? new Uint8Array()));
  } catch {
    parsed = undefined;
  }
  parseInstallationToken(parsed);
}

export function appCredential(config: AppCredentialConfig, options: CredentialsOptions): AppCredential {
  const request = octokitRequest.defaults({
    baseUrl: options.baseUrl,
    headers: githubRequestHeaders({ apiVersion: options.apiVersion }),
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
