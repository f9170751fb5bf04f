import type { Context } from 'hono';
import { checkAppJwt, looksLikeJwt } from './apps';
import type { SimRepo } from './factories/repository';
import type { GithubState } from './state';

export type ActorKind = 'anonymous' | 'classic' | 'fine-grained' | 'installation' | 'app';

export interface Actor {
  /** "anonymous", the token itself, `installation:<id>` or `app:<id>` (whose budget it spends: budgets.ts). */
  identity: string;
  kind: ActorKind;
  login?: string;
  scopes: string[];
  permissions?: Record<string, string>;
  /** When the token expires (sim time), for `github-authentication-token-expiration`. */
  expiration?: number;
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

/**
 * Who is calling. A string is why the credentials are refused (401): an unknown or expired token is "Bad
 * credentials", an App's JWT says what is wrong with it.
 */
export function identify(c: Context, state: GithubState): Actor | string {
  const header = c.req.header('authorization');
  if (!header) return { identity: 'anonymous', kind: 'anonymous', scopes: [] };
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim());
  const value = match?.[1];
  if (!value) return 'Bad credentials';
  const token = state.world.tokens.get(value);
  if (token) {
    if (token.expiresAt !== undefined && token.expiresAt <= Date.now()) return 'Bad credentials';
    const kind = token.kind ?? 'classic';
    return {
      identity: token.installationId ? `installation:${token.installationId}` : value,
      kind,
      login: token.login,
      scopes: kind === 'classic' ? token.scopes : [],
      permissions: token.permissions,
      expiration: token.expiration,
    };
  }
  if (!looksLikeJwt(value)) return 'Bad credentials';
  const jwt = checkAppJwt(value, Date.now());
  return jwt.ok ? { identity: `app:${jwt.appId}`, kind: 'app', scopes: [] } : jwt.message;
}

export function isOrgOwner(state: GithubState, org: string, login: string | undefined): boolean {
  const found = state.world.orgs.get(org.toLowerCase());
  return Boolean(login && found?.owners.includes(login));
}

export function isOrgMember(state: GithubState, org: string, login: string | undefined): boolean {
  const found = state.world.orgs.get(org.toLowerCase());
  return Boolean(login && (found?.owners.includes(login) || found?.members.includes(login)));
}

/** Who administers a repository: its owning user, its organization's owners, and the repository's own admins. */
export function isRepoAdmin(state: GithubState, repo: SimRepo, login: string | undefined): boolean {
  if (!login) return false;
  return (
    repo.owner === login || isOrgOwner(state, repo.owner, login) || Boolean(repo.admins?.includes(login))
  );
}
