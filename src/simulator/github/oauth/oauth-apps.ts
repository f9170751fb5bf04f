import { createHash, randomBytes } from 'node:crypto';
import { SIM_OAUTH_CLIENT } from '@/contracts/simulated-oauth';
import type { GithubState } from '../state';

/**
 * GitHub's OAuth web flow on the simulated source (issue 51): the OAuth Apps registered in the simulated world,
 * the authorization codes handed out and not yet exchanged, and the rules GitHub applies to them
 * (docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps). The routes are oauth-routes.ts.
 */

/** Where the flow lives on a GitHub host (GitHub Enterprise Server: `https://HOST/login/oauth/…`, API under `/api/v3`). */
export const OAUTH_PREFIX = '/login/oauth';
export const OAUTH_AUTHORIZE_PATH = `${OAUTH_PREFIX}/authorize`;
export const OAUTH_TOKEN_PATH = `${OAUTH_PREFIX}/access_token`;

/**
 * The OAuth App seeded in every simulated world (its secret is published on purpose: it opens nothing outside
 * the simulator). An OAuth App registers one callback URL on GitHub; this one registers two, so a gateway opened
 * as `http://127.0.0.1:<port>` and one opened as `http://localhost:<port>` can both sign in (a deliberate
 * difference, docs/simulator.md).
 */
export const SIM_OAUTH_APP = {
  ...SIM_OAUTH_CLIENT,
  name: 'Ferry (simulated sign-in)',
  callbackUrls: ['http://127.0.0.1/auth/callback', 'http://localhost/auth/callback'],
} as const;

/** A code lives 10 minutes (simulated time), as GitHub's. */
export const OAUTH_CODE_LIFETIME_MS = 10 * 60_000;

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  name: string;
  /** The first is where a `redirect_uri_mismatch` goes (GitHub: the registered callback). */
  callbackUrls: string[];
  /** GitHub's `application_suspended`: the authorize page sends every request back with it. */
  suspended?: boolean;
}

export interface OAuthCode {
  clientId: string;
  /** The `redirect_uri` the authorize request named (none: the registered callback was used). */
  redirectUri?: string;
  login: string;
  scopes: string[];
  /** PKCE: the S256 challenge the code is bound to. */
  codeChallenge?: string;
  /** Simulated time (ms) from which the code is refused. */
  expiresAt: number;
}

export interface OAuthState {
  apps: Map<string, OAuthApp>;
  /** code → what it was issued for; an exchange deletes it (a code is single-use). */
  codes: Map<string, OAuthCode>;
  /** Users whose primary e-mail is not verified: their codes exchange to `unverified_user_email`. */
  unverifiedEmails: Set<string>;
}

export function createOAuthState(): OAuthState {
  const app: OAuthApp = { ...SIM_OAUTH_APP, callbackUrls: [...SIM_OAUTH_APP.callbackUrls] };
  return { apps: new Map([[app.clientId, app]]), codes: new Map(), unverifiedEmails: new Set() };
}

/** The world's OAuth state (a world saved before sign-in existed gets the seeded one on first use). */
export function oauthOf(state: GithubState): OAuthState {
  return (state.oauth ??= createOAuthState());
}

/**
 * Register (or replace, by client id) an OAuth App in the simulated world; `reset` brings back the seeded one.
 * Throws a RangeError for an app without callback URLs or with one that is not an absolute http(s) URL.
 */
export function setOAuthApp(state: GithubState, app: OAuthApp): void {
  const valid = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  if (app.callbackUrls.length === 0 || !app.callbackUrls.every(valid))
    throw new RangeError(`OAuth App ${app.clientId}: callback URLs must be absolute http(s) URLs.`);
  oauthOf(state).apps.set(app.clientId, { ...app, callbackUrls: [...app.callbackUrls] });
}

/** Mark a user's primary e-mail unverified (or verified again): GitHub then refuses their token exchange. */
export function setEmailVerified(state: GithubState, login: string, verified: boolean): void {
  const set = oauthOf(state).unverifiedEmails;
  if (verified) set.delete(login.toLowerCase());
  else set.add(login.toLowerCase());
}

/** Scope names GitHub knows (docs.github.com/en/apps/oauth-apps/building-oauth-apps/scopes-for-oauth-apps). */
const KNOWN_SCOPES = new Set([
  'repo',
  'repo:status',
  'repo_deployment',
  'public_repo',
  'repo:invite',
  'security_events',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'admin:org',
  'write:org',
  'read:org',
  'admin:public_key',
  'write:public_key',
  'read:public_key',
  'admin:org_hook',
  'gist',
  'notifications',
  'user',
  'read:user',
  'user:email',
  'user:follow',
  'project',
  'read:project',
  'delete_repo',
  'write:packages',
  'read:packages',
  'delete:packages',
  'admin:gpg_key',
  'write:gpg_key',
  'read:gpg_key',
  'codespace',
  'workflow',
  'read:audit_log',
]);

/** The scopes a token is granted: those requested (space- or comma-separated) that GitHub knows, each once. */
export function grantedScopes(requested: string | undefined): string[] {
  const names = (requested ?? '').split(/[\s,]+/).filter((name) => KNOWN_SCOPES.has(name));
  return [...new Set(names)];
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * GitHub's rule for an OAuth App's `redirect_uri`: the same scheme, host (or a sub-domain of it) and port as the
 * registered callback, the path equal to it or below it; a loopback host may change the port (127.0.0.1 and ::1
 * on GitHub; `localhost` too here). No credentials, no fragment.
 */
export function fitsCallback(redirectUri: string, callbackUrl: string): boolean {
  let redirect: URL;
  let callback: URL;
  try {
    redirect = new URL(redirectUri);
    callback = new URL(callbackUrl);
  } catch {
    return false;
  }
  if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return false;
  if (redirect.username || redirect.password || redirectUri.includes('#')) return false;
  if (redirect.protocol !== callback.protocol) return false;
  const loopback = LOOPBACK.has(callback.hostname) && redirect.hostname === callback.hostname;
  const sameHost =
    redirect.hostname === callback.hostname ||
    (!LOOPBACK.has(callback.hostname) &&
      !/^[\d.]+$|^\[/.test(callback.hostname) &&
      redirect.hostname.endsWith(`.${callback.hostname}`));
  if (!sameHost) return false;
  if (!loopback && redirect.port !== callback.port) return false;
  const base = callback.pathname.replace(/\/+$/, '');
  return redirect.pathname === callback.pathname || redirect.pathname.startsWith(`${base}/`);
}

export function fitsApp(app: OAuthApp, redirectUri: string): boolean {
  return app.callbackUrls.some((callback) => fitsCallback(redirectUri, callback));
}

/** A fresh code: 20 hex digits, as GitHub's. */
export function newCode(): string {
  return randomBytes(10).toString('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fresh OAuth App user token: `gho_` and 36 base-62 characters, as GitHub's. */
export function newOAuthToken(): string {
  const bytes = randomBytes(36);
  return `gho_${[...bytes].map((byte) => BASE62[byte % 62]).join('')}`;
}

/** RFC 7636's `code_verifier` and `code_challenge` alphabet and lengths. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** PKCE S256: the verifier's SHA-256, base64url without padding, equals the challenge. */
export function verifierMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !PKCE_VALUE.test(verifier)) return false;
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}
