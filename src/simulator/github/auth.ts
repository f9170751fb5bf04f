import type { Context } from 'hono';
import type { GithubState } from './state';

export interface Actor {
  /** "anonymous" or the token itself (limits are per token). */
  identity: string;
  login?: string;
  scopes: string[];
}

export type GithubEnv = {
  Variables: {
    actor: Actor;
    /** `X-GitHub-Api-Version` in force (the request's, or the default). */
    apiVersion: string;
    /** Scenario `strict-preview`: preview operations need the preview media type. */
    strictPreview: boolean;
    /** Where archive storage lives: another origin than the API's, as on github.com. */
    storageOrigin: string;
    /** Behind Ferry's gateway: its origin, where body URLs point (see GATEWAY_ORIGIN_HEADER). */
    gatewayOrigin: string | undefined;
  };
};

/** Who is calling. `undefined` means the token is unknown (401 Bad credentials). */
export function identify(c: Context, state: GithubState): Actor | undefined {
  const header = c.req.header('authorization');
  if (!header) return { identity: 'anonymous', scopes: [] };
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return undefined;
  const token = state.world.tokens.get(match[1]);
  if (!token) return undefined;
  return { identity: match[1], login: token.login, scopes: token.scopes };
}

export function isOrgOwner(state: GithubState, org: string, login: string | undefined): boolean {
  const found = state.world.orgs.get(org.toLowerCase());
  return Boolean(login && found?.owners.includes(login));
}

export function isOrgMember(state: GithubState, org: string, login: string | undefined): boolean {
  const found = state.world.orgs.get(org.toLowerCase());
  return Boolean(login && (found?.owners.includes(login) || found?.members.includes(login)));
}
