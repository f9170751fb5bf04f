import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SimClock } from '@/simulator/clock';
import type { GithubState } from '../state';
import {
  fitsApp,
  grantedScopes,
  newCode,
  newOAuthToken,
  OAUTH_CODE_LIFETIME_MS,
  oauthOf,
  verifierMatches,
  type OAuthApp,
  type OAuthCode,
  type OAuthState,
} from './oauth-apps';

const AUTHORIZE_ERRORS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/';
const TOKEN_ERRORS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/';

/** GitHub's words for each error (its troubleshooting pages); `invalid_request` is RFC 7636's (PKCE). */
const DESCRIPTIONS = {
  redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
  access_denied: 'The user has denied your application access.',
  application_suspended: 'Your application has been suspended. Contact support@github.com.',
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  bad_verification_code: 'The code passed is incorrect or expired.',
  unverified_user_email: 'The user must have a verified primary email.',
} as const;

/** Longer request URLs are refused (414) before anything is read: no `state` needs kilobytes. */
export const MAX_AUTHORIZE_URL_CHARS = 8 * 1024;
const MAX_TOKEN_BODY_BYTES = 64 * 1024;
/** Codes not yet exchanged, at most: the oldest go first (expired ones always do). */
const MAX_OPEN_CODES = 10_000;
const NUL = '\u0000';

type AuthorizeError = keyof typeof DESCRIPTIONS | 'invalid_request';

/** A 302 to `target` with the given parameters added (the `state` last, verbatim, URL-encoded). */
function redirectTo(c: Context, target: string, params: Record<string, string>, state: string | undefined) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set('state', state);
  return c.body(null, 302, { location: url.toString(), 'cache-control': 'no-store' });
}

function authorizeError(
  c: Context,
  target: string,
  error: AuthorizeError,
  state: string | undefined,
  description?: string,
) {
  const known = error !== 'invalid_request';
  return redirectTo(
    c,
    target,
    {
      error,
      error_description: description ?? (known ? DESCRIPTIONS[error] : 'Invalid request.'),
      error_uri: known
        ? `${AUTHORIZE_ERRORS}#${error.replace(/_/g, '-')}`
        : 'https://datatracker.ietf.org/doc/html/rfc7636#section-4.4.1',
    },
    state,
  );
}

/** GitHub's page for an unknown `client_id`: a 404 page (JSON to a client that asks for it). */
function unknownApplication(c: Context) {
  if ((c.req.header('accept') ?? '').includes('application/json'))
    return c.body(JSON.stringify({ error: 'Not Found' }), 404, {
      'content-type': 'application/json; charset=utf-8',
    });
  return c.html(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page not found · GitHub</title></head>' +
      '<body><h1>404</h1><p>This is not the web page you are looking for.</p></body></html>',
    404,
  );
}

/** PKCE's parameters: none, or an S256 challenge; anything else is RFC 7636's `invalid_request`. */
function challengeOf(params: URLSearchParams): { challenge?: string } | { refused: string } {
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (challenge === null && method === null) return {};
  if (challenge === null) return { refused: 'code_challenge_method was given without a code_challenge.' };
  // RFC 7636: a challenge without a method is `plain`, which GitHub does not support.
  if (method !== 'S256') return { refused: 'Only the code_challenge_method S256 is supported.' };
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return { refused: 'code_challenge must be a base64url-encoded SHA-256 digest (43 characters).' };
  return { challenge };
}

function keepCode(oauth: OAuthState, code: string, entry: OAuthCode, now: number) {
  for (const [key, open] of oauth.codes) if (open.expiresAt <= now) oauth.codes.delete(key);
  while (oauth.codes.size >= MAX_OPEN_CODES) {
    const oldest = oauth.codes.keys().next().value;
    if (oldest === undefined) break;
    oauth.codes.delete(oldest);
  }
  oauth.codes.set(code, entry);
}

/**
 * `GET /login/oauth/authorize`. Nobody sits at the simulator's keyboard: the request itself signs in the seeded
 * user `login` names (default octocat) and approves at once — the one shortcut. Everything else is GitHub's.
 */
function authorize(state: () => GithubState, clock: SimClock) {
  return (c: Context) => {
    if (c.req.url.length > MAX_AUTHORIZE_URL_CHARS) return c.text('URI Too Long', 414);
    const params = new URL(c.req.url).searchParams;
    for (const [name, value] of params)
      if (name.includes(NUL) || value.includes(NUL)) return c.text('Bad Request', 400);
    const s = state();
    const oauth = oauthOf(s);
    const app = oauth.apps.get(params.get('client_id') ?? '');
    if (!app) return unknownApplication(c);
    const given = params.get('redirect_uri') || undefined;
    const stateParam = params.get('state') ?? undefined;
    const registered = app.callbackUrls[0];
    if (!registered) return unknownApplication(c);
    // GitHub sends a mismatch to the registered callback, never to the URL it refused.
    if (given !== undefined && !fitsApp(app, given))
      return authorizeError(c, registered, 'redirect_uri_mismatch', stateParam);
    const target = given ?? registered;
    if (app.suspended) return authorizeError(c, target, 'application_suspended', stateParam);
    const pkce = challengeOf(params);
    if ('refused' in pkce) return authorizeError(c, target, 'invalid_request', stateParam, pkce.refused);
    const account = s.world.accounts.get((params.get('login') || 'octocat').toLowerCase());
    if (!account || account.type !== 'User') return authorizeError(c, target, 'access_denied', stateParam);

    const now = clock.now();
    const code = newCode();
    keepCode(
      oauth,
      code,
      {
        clientId: app.clientId,
        ...(given !== undefined ? { redirectUri: given } : {}),
        login: account.login,
        scopes: grantedScopes(params.get('scope') ?? undefined),
        ...(pkce.challenge !== undefined ? { codeChallenge: pkce.challenge } : {}),
        expiresAt: now + OAUTH_CODE_LIFETIME_MS,
      },
      now,
    );
    return redirectTo(c, target, { code }, stateParam);
  };
}

/** The parameters of a token request: the query string's, then the body's (form-encoded or JSON) over them. */
async function tokenParams(c: Context): Promise<Map<string, string>> {
  const params = new Map(new URL(c.req.url).searchParams);
  const text = await c.req.text();
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const [name, value] of Object.entries(body as Record<string, unknown>))
        if (typeof value === 'string') params.set(name, value);
  } else {
    for (const [name, value] of new URLSearchParams(text)) params.set(name, value);
  }
  return params;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

type TokenAnswer =
  | { access_token: string; scope: string; token_type: 'bearer' }
  | { error: keyof typeof DESCRIPTIONS; error_description: string; error_uri: string };

function tokenError(error: keyof typeof DESCRIPTIONS, description?: string): TokenAnswer {
  return {
    error,
    error_description: description ?? DESCRIPTIONS[error],
    error_uri: `${TOKEN_ERRORS}#${error.replace(/_/g, '-')}`,
  };
}

/** The exchange itself: GitHub's checks in order; a code named with the right client is spent, whatever follows. */
function exchange(s: GithubState, now: number, params: Map<string, string>): TokenAnswer {
  const oauth = oauthOf(s);
  const app: OAuthApp | undefined = oauth.apps.get(params.get('client_id') ?? '');
  if (!app || !sameSecret(params.get('client_secret'), app.clientSecret))
    return tokenError('incorrect_client_credentials');
  const redirectUri = params.get('redirect_uri') || undefined;
  if (redirectUri !== undefined && !fitsApp(app, redirectUri)) return tokenError('redirect_uri_mismatch');
  const code = params.get('code') ?? '';
  const entry = oauth.codes.get(code);
  if (!entry || entry.clientId !== app.clientId) return tokenError('bad_verification_code');
  oauth.codes.delete(code);
  if (now >= entry.expiresAt) return tokenError('bad_verification_code');
  // RFC 6749 §4.1.3: the redirect_uri of the authorize request, when it named one.
  if (redirectUri !== undefined && entry.redirectUri !== undefined && redirectUri !== entry.redirectUri)
    return tokenError('redirect_uri_mismatch');
  if (entry.codeChallenge !== undefined) {
    const verifier = params.get('code_verifier');
    if (verifier === undefined)
      return tokenError(
        'bad_verification_code',
        'The code was issued for a code_challenge: a code_verifier is required.',
      );
    if (!verifierMatches(verifier, entry.codeChallenge))
      return tokenError('bad_verification_code', 'The code_verifier does not match the code_challenge.');
  }
  if (oauth.unverifiedEmails.has(entry.login.toLowerCase())) return tokenError('unverified_user_email');
  const token = newOAuthToken();
  s.world.tokens.set(token, {
    login: entry.login,
    scopes: entry.scopes,
    kind: 'classic',
    oauthApp: app.clientId,
  });
  return { access_token: token, scope: entry.scopes.join(','), token_type: 'bearer' };
}

/**
 * GitHub's OAuth web flow (`/login/oauth/authorize`, `/login/oauth/access_token`), beside the API and outside it:
 * no token, no rate limit, no `X-GitHub-*` headers. Token answers are form-encoded unless the client accepts
 * JSON; their errors are HTTP 200, as GitHub's.
 */
export function createOAuthApp(state: () => GithubState, clock: SimClock) {
  const app = new Hono();
  app.get('/authorize', authorize(state, clock));
  app.post(
    '/access_token',
    bodyLimit({ maxSize: MAX_TOKEN_BODY_BYTES, onError: (c) => c.text('Payload Too Large', 413) }),
    async (c) => {
      const answer = exchange(state(), clock.now(), await tokenParams(c));
      const headers = { 'cache-control': 'no-store' };
      if ((c.req.header('accept') ?? '').includes('application/json'))
        return c.body(JSON.stringify(answer), 200, {
          ...headers,
          'content-type': 'application/json; charset=utf-8',
        });
      return c.body(new URLSearchParams(answer).toString(), 200, {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      });
    },
  );
  return app;
}
