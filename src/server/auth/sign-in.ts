import { isRecord, stringOf } from '@/contracts/json';
import type { SessionInfo } from '@/contracts/session';
import { fetchBounded, readBounded } from '@/server/outbound/bounded-fetch';
import type { AuthSessionStore } from '@/server/store/auth-session-store';
import type { AuthConfig } from './auth-config';
import { readIdentity, SignInRefused, type GithubReads, type Identity } from './github-identity';
import { challengeOf, keyOf, openToken, ownPath, randomToken, sealToken } from './session-crypto';

/** A sign-in on its way: GitHub has 10 minutes to send the person back. */
const LOGIN_MS = 10 * 60_000;
/** Roles are read again from GitHub this often (a person removed there loses access here by then). */
export const ROLE_CHECK_MS = 10 * 60_000;
/** A session's last-seen time is written at most this often (a page polls every 2 s). */
const TOUCH_MS = 60_000;

interface SessionData extends Identity {
  organizations: string[];
  checkedAt: number;
  token: string;
}

const isSessionData = (value: unknown): value is SessionData =>
  isRecord(value) &&
  typeof value.login === 'string' &&
  typeof value.role === 'string' &&
  typeof value.token === 'string';

export interface SignInOptions {
  config: AuthConfig;
  /** Where the browser comes back: `{origin}/auth/callback`. */
  callbackUrl: string;
  store: () => Promise<AuthSessionStore>;
  reads: GithubReads;
  now: () => number;
}

export function createSignIn(options: SignInOptions) {
  const { config, now } = options;

  async function exchange(code: string, verifier: string): Promise<string> {
    const { response, body } = await fetchBounded(
      options.reads.fetch,
      `${config.webUrl.replace(/\/+$/, '')}/login/oauth/access_token`,
      {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
          redirect_uri: options.callbackUrl,
          code_verifier: verifier,
        }),
        redirect: 'manual',
      },
      options.reads.bounds,
    );
    let answer: unknown;
    try {
      answer = JSON.parse(new TextDecoder().decode(await readBounded(body)));
    } catch {
      answer = undefined;
    }
    const token = isRecord(answer) ? stringOf(answer.access_token) : undefined;
    if (response.status === 200 && token) return token;
    const error = isRecord(answer) ? stringOf(answer.error) : undefined;
    throw new SignInRefused(
      `GitHub refused the sign-in${error ? ` (${error.slice(0, 60)})` : ` (${response.status})`}.`,
    );
  }

  function info(data: SessionData): SessionInfo {
    return {
      login: data.login,
      name: data.name,
      role: data.role,
      organizations: data.organizations,
      ...(data.repositories ? { repositories: data.repositories } : {}),
      checkedAt: new Date(data.checkedAt).toISOString(),
      auth: 'github',
    };
  }

  return {
    /** `GET /auth/login`: a one-time state and PKCE pair kept server-side, bound to this browser by `nonce`. */
    async begin(returnTo: string | undefined) {
      const state = randomToken();
      const verifier = randomToken();
      const nonce = randomToken();
      const at = now();
      await (
        await options.store()
      ).put({
        key: keyOf(state),
        kind: 'login',
        data: { verifier, nonce: keyOf(nonce), returnTo: ownPath(returnTo) },
        createdAt: at,
        lastSeenAt: at,
        expiresAt: at + LOGIN_MS,
      });
      const query = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: options.callbackUrl,
        scope: 'read:org',
        state,
        code_challenge: challengeOf(verifier),
        code_challenge_method: 'S256',
      });
      return { query, nonce };
    },

    /** `GET /auth/callback`: the state used once, by the browser that began it; then a new session. */
    async finish(params: { code?: string; state?: string; error?: string }, nonce: string | undefined) {
      if (!params.state || params.state.length > 200)
        throw new SignInRefused('This sign-in has no state: begin again.');
      const login = await (await options.store()).take(keyOf(params.state), 'login');
      const data = isRecord(login?.data) ? login.data : undefined;
      if (!login || !data || login.expiresAt < now())
        throw new SignInRefused('This sign-in was already used or has expired: begin again.');
      if (!nonce || keyOf(nonce) !== data.nonce)
        throw new SignInRefused('This sign-in was begun in another browser: begin again here.');
      if (params.error) throw new SignInRefused(`GitHub did not sign you in (${params.error.slice(0, 60)}).`);
      if (!params.code || params.code.length > 200)
        throw new SignInRefused('GitHub sent no code: begin again.');
      const token = await exchange(params.code, String(data.verifier));
      const identity = await readIdentity(options.reads, token, config.organization);
      const id = randomToken();
      const at = now();
      const session: SessionData = {
        ...identity,
        organizations: [config.organization],
        checkedAt: at,
        token: sealToken(id, token),
      };
      await (
        await options.store()
      ).put({
        key: keyOf(id),
        kind: 'session',
        data: session,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: at + config.maxMs,
      });
      return {
        id,
        returnTo: typeof data.returnTo === 'string' ? ownPath(data.returnTo) : '/',
        session: info(session),
      };
    },

    /**
     * The session of a cookie, or none: expired (idle or absolute), ended, or GitHub no longer lets the person in
     * (the role is read again every 10 minutes with their own token).
     */
    async current(id: string | undefined): Promise<SessionInfo | undefined> {
      if (!id || id.length > 200) return undefined;
      const store = await options.store();
      const key = keyOf(id);
      const row = await store.get(key, 'session');
      const at = now();
      if (!row || !isSessionData(row.data)) return undefined;
      if (row.expiresAt < at || at - row.lastSeenAt > config.idleMs) {
        await store.delete(key);
        return undefined;
      }
      let data = row.data;
      if (at - data.checkedAt > ROLE_CHECK_MS) {
        const token = openToken(id, data.token);
        try {
          if (!token) throw new SignInRefused('The session cannot be read.', true);
          const identity = await readIdentity(options.reads, token, config.organization);
          data = { ...data, ...identity, checkedAt: at };
          if (identity.role !== 'self-service') delete data.repositories;
        } catch (error) {
          if (!(error instanceof SignInRefused)) throw error;
          // Removed from the organization, or the token revoked: the session ends now.
          await store.delete(key);
          return undefined;
        }
        await store.touch(key, at, data);
      } else if (at - row.lastSeenAt > TOUCH_MS) await store.touch(key, at);
      return info(data);
    },

    async end(id: string | undefined) {
      if (id && id.length <= 200) await (await options.store()).delete(keyOf(id));
    },

    async sweep() {
      return (await options.store()).sweep(now());
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
