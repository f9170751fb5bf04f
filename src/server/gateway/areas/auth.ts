import type { Context, Next } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor, SessionInfo } from '@/contracts/session';
import { ACTOR_VARIABLE } from '@/server/audit/actor';
import { SignInRefused } from '@/server/auth/github-identity';
import { createSignIn } from '@/server/auth/sign-in';
import { writeRefusal } from '@/server/auth/write-access';
import { gatewayError } from '@/server/gateway-error';
import { jsonBounds } from '@/server/outbound/bounds';
import { crossSiteCheck } from '@/server/security';
import { memoryAuthSessionStore } from '@/server/store/auth-session-store';
import type { Area } from '../area';
import { SIM_AUTHORIZE_PATH } from './simulator';
import type { GatewayServices } from '../services';

declare module 'hono' {
  interface ContextVariableMap {
    ferryActor: Actor;
    ferrySession: SessionInfo;
  }
}

/** Why a sign-in failed, as the page says it (a code in the URL, never text the URL could carry). */
type Reason = 'used' | 'browser' | 'denied' | 'member' | 'refused';
const reasonOf = (message: string): Reason =>
  /already used|expired|no state/.test(message)
    ? 'used'
    : /another browser/.test(message)
      ? 'browser'
      : /did not sign you in/.test(message)
        ? 'denied'
        : /not a member|not active/.test(message)
          ? 'member'
          : 'refused';

/**
 * Sign-in with GitHub (issue 51, `FERRY_AUTH=github`): `/auth/login`, `/auth/callback`, `/auth/logout`, and every
 * `/api` route but `/api/health` behind a session; `/api/session` says who. Without `FERRY_AUTH` only
 * `/api/session` is mounted (the local user).
 */
export function authArea(services: GatewayServices): Area {
  const { config } = services;
  const secure = config.publicUrl.startsWith('https:');
  // `__Host-`: Secure, Path=/ and no Domain — a sibling host cannot plant or read it (only over https).
  const SESSION = secure ? '__Host-ferry_session' : 'ferry_session';
  const LOGIN = secure ? '__Host-ferry_login' : 'ferry_login';
  const origin = new URL(config.publicUrl).origin;
  const simulated = config.github.mode === 'simulator';
  const kept = memoryAuthSessionStore();
  const signIn = createSignIn({
    config: config.auth,
    callbackUrl: `${origin}/auth/callback`,
    store: services.storeAccess
      ? async () => (await services.storeAccess!()).authSessions
      : () => Promise.resolve(kept),
    reads: {
      fetch: services.upstreams.github,
      apiUrl: config.github.baseUrl,
      bounds: jsonBounds(config),
      apiVersion: config.github.apiVersion,
    },
    now: () => Date.now(),
  });
  const cookie = (c: Context, name: string, value: string, maxAge?: number) =>
    setCookie(c, name, value, {
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      path: '/',
      ...(maxAge ? { maxAge } : {}),
    });
  let sweeper: ReturnType<typeof setInterval> | undefined;

  return {
    name: 'auth',
    mount(app) {
      app.get('/api/session', async (c) => {
        if (config.auth.mode !== 'github')
          return c.json({
            login: 'local',
            name: null,
            role: 'local',
            organizations: [],
            checkedAt: new Date().toISOString(),
            auth: 'none',
          } satisfies SessionInfo);
        const session = await signIn.current(getCookie(c, SESSION));
        return session
          ? c.json(session)
          : gatewayError(c, 401, 'Sign in with GitHub first.', 'SIGN_IN_REQUIRED');
      });
      if (config.auth.mode !== 'github') return;

      app.get('/auth/login', async (c) => {
        const { query, nonce } = await signIn.begin(c.req.query('return'));
        cookie(c, LOGIN, nonce, 600);
        const login = c.req.query('login');
        if (simulated && login && /^[A-Za-z0-9-]{1,39}$/.test(login)) query.set('login', login);
        // The simulator's authorize page is reached on Ferry's own origin (the browser cannot reach the embedded one).
        return c.redirect(
          simulated
            ? `${SIM_AUTHORIZE_PATH}?${query}`
            : `${config.auth.webUrl}/login/oauth/authorize?${query}`,
          302,
        );
      });
      app.get('/auth/callback', async (c) => {
        const nonce = getCookie(c, LOGIN);
        deleteCookie(c, LOGIN, { path: '/', secure });
        try {
          const done = await signIn.finish(
            { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') },
            nonce,
          );
          // A new id at every sign-in (no fixation): any session the browser held is ended.
          await signIn.end(getCookie(c, SESSION));
          cookie(c, SESSION, done.id);
          return c.redirect(done.returnTo, 302);
        } catch (error) {
          if (!(error instanceof SignInRefused)) throw error;
          console.warn(`[auth] sign-in refused: ${error.message}`);
          return c.redirect(`/?signin=${reasonOf(error.message)}`, 302);
        }
      });
      app.use('/auth/logout', crossSiteCheck);
      app.post('/auth/logout', async (c) => {
        // A logout is a write: only from Ferry's own pages (no cross-site form ends someone's session).
        if (c.req.header('origin') !== origin && c.req.header('sec-fetch-site') !== 'same-origin')
          return gatewayError(c, 403, 'Sign out from Ferry’s own page.', 'BAD_ORIGIN');
        await signIn.end(getCookie(c, SESSION));
        deleteCookie(c, SESSION, { path: '/', secure });
        return c.body(null, 204);
      });
      app.use('/api/*', async (c: Context, next: Next) => {
        if (c.req.path === '/api/health' || c.req.path === '/api/session') return next();
        const session = await signIn.current(getCookie(c, SESSION));
        if (!session) return gatewayError(c, 401, 'Sign in with GitHub first.', 'SIGN_IN_REQUIRED');
        const refused = writeRefusal(session, c.req.method, c.req.path);
        c.set(ACTOR_VARIABLE, { login: session.login, role: session.role });
        c.set('ferrySession', session);
        if (refused) return gatewayError(c, 403, refused, 'FORBIDDEN');
        return next();
      });
    },
    start() {
      if (config.auth.mode !== 'github') return;
      sweeper = setInterval(() => void signIn.sweep().catch(() => undefined), 10 * 60_000);
      sweeper.unref();
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
