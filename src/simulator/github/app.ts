import { Hono, type Context } from 'hono';
import type { SimClock } from '../clock';
import { identify, type GithubEnv } from './auth';
import { DOCS, gatewayOriginOf, githubError, githubJson } from './http';
import { permissionRefusal } from './permissions';
import { registerAppRoutes } from './routes/apps';
import { GHES_VERSION, registerMetaRoutes } from './routes/meta';
import { registerRateLimitRoutes } from './routes/rate-limit';
import { registerSignInReads } from './routes/sign-in-reads';
import { registerUserRoutes } from './routes/users';
import type { GithubState } from './state';

const SECONDARY_WINDOW_MS = 60_000;
/** GitHub: "content creation > 80 requests/minute" trips a secondary limit. */
const SECONDARY_MAX_WRITES = 80;

/** Route registrars that later capabilities (migrations, imports) add to the same app. */
export type GithubRoutes = (app: Hono<GithubEnv>, state: () => GithubState, clock: SimClock) => void;

/** `X-GitHub-Api-Version` values GitHub accepts today; requests without the header get the first. */
export const API_VERSIONS = ['2022-11-28', '2026-03-10'] as const;
const API_VERSIONS_DOCS = 'https://docs.github.com/rest/about-the-rest-api/api-versions';

export interface GithubAppOptions {
  /**
   * The origin archive storage answers on, given the API request's origin. github.com keeps storage on
   * another host, so a redirect-following client drops `Authorization` on the hop; the default is the same
   * host name on the next port.
   */
  storageOrigin?: (apiOrigin: string) => string;
  /** Write body URLs on the origin Ferry's gateway names (embedded in the gateway only). */
  trustGatewayOrigin?: boolean;
}

/** The same host name on the next port: another origin, reachable where the API is. */
export function nextPortOrigin(apiOrigin: string): string {
  const url = new URL(apiOrigin);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  url.port = String(port + 1);
  return url.origin;
}

function rateLimitHeaders(
  headers: Headers,
  status: { limit: number; remaining: number; used: number; reset: number },
) {
  headers.set('x-ratelimit-limit', String(status.limit));
  headers.set('x-ratelimit-remaining', String(status.remaining));
  headers.set('x-ratelimit-used', String(status.used));
  headers.set('x-ratelimit-reset', String(status.reset));
  headers.set('x-ratelimit-resource', 'core');
}

export function createGithubApp(
  state: () => GithubState,
  clock: SimClock,
  extraRoutes: GithubRoutes[] = [],
  options: GithubAppOptions = {},
) {
  const app = new Hono<GithubEnv>();
  const storageOrigin = options.storageOrigin ?? nextPortOrigin;

  app.use('*', async (c: Context<GithubEnv>, next) => {
    const s = state();
    s.stats.requests += 1;
    const now = clock.now();
    const limited = s.scenario !== 'rate-limit-disabled';
    const actor = identify(c, s);
    const requestId = `SIM:${now.toString(16).toUpperCase()}:${s.stats.requests}`;

    const requested = c.req.header('x-github-api-version')?.trim();
    const apiVersion = requested ?? API_VERSIONS[0];

    const finish = (
      response: Response,
      status = limited
        ? s.limiter.status(typeof actor === 'string' ? 'anonymous' : actor.identity, 'core', now)
        : undefined,
    ) => {
      response.headers.set('x-github-request-id', requestId);
      response.headers.set('x-github-api-version-selected', apiVersion);
      response.headers.set('x-github-media-type', 'github.v3; format=json');
      response.headers.set('x-github-enterprise-version', GHES_VERSION);
      if (status) rateLimitHeaders(response.headers, status);
      return response;
    };

    if (!(API_VERSIONS as readonly string[]).includes(apiVersion)) {
      const response = githubError(
        c,
        400,
        `Unsupported 'X-GitHub-Api-Version' header: ${JSON.stringify(apiVersion.slice(0, 40))}. Supported versions: ${API_VERSIONS.join(', ')}.`,
        { documentation_url: API_VERSIONS_DOCS },
      );
      response.headers.set('x-github-request-id', requestId);
      return response;
    }
    if (typeof actor === 'string') {
      return finish(githubJson(c, { message: actor, documentation_url: DOCS, status: '401' }, 401));
    }
    const refused = permissionRefusal(actor, c.req.method, c.req.path);
    if (refused) {
      const response = githubError(c, 403, refused.message, { documentation_url: refused.documentation });
      if (refused.accepted) response.headers.set('x-accepted-github-permissions', refused.accepted);
      return finish(response);
    }
    c.set('actor', actor);
    c.set('apiVersion', apiVersion);
    c.set('strictPreview', s.scenario === 'strict-preview');
    c.set('storageOrigin', storageOrigin(new URL(c.req.url).origin));
    if (options.trustGatewayOrigin) c.set('gatewayOrigin', gatewayOriginOf(c.req.raw));
    const counts = !c.req.path.endsWith('/rate_limit');
    if (limited && counts && s.limiter.status(actor.identity, 'core', now).remaining === 0) {
      const who = actor.login ? `user ID ${s.world.accounts.get(actor.login)?.id ?? 0}` : 'your IP address';
      return finish(
        githubError(c, 403, `API rate limit exceeded for ${who}.`, {
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        }),
      );
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const recent = (s.writes.get(actor.identity) ?? []).filter((at) => now - at < SECONDARY_WINDOW_MS);
      if (recent.length >= SECONDARY_MAX_WRITES) {
        const response = githubError(
          c,
          403,
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          {
            documentation_url:
              'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
          },
        );
        response.headers.set('retry-after', '60');
        s.writes.set(actor.identity, recent);
        return finish(response);
      }
      recent.push(now);
      s.writes.set(actor.identity, recent);
    }

    await next();

    if (actor.expiration !== undefined) {
      // GitHub's own format: "2026-11-30 10:00:00 UTC".
      const iso = new Date(actor.expiration).toISOString();
      c.res.headers.set(
        'github-authentication-token-expiration',
        `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`,
      );
    }
    if (actor.kind === 'classic') {
      c.res.headers.set('x-oauth-scopes', actor.scopes.join(', '));
      c.res.headers.set('x-accepted-oauth-scopes', '');
    }
    if (c.res.status === 304) s.stats.notModified += 1;
    if (!limited) return void finish(c.res, undefined);
    if (counts && c.res.status !== 304) {
      s.stats.counted += 1;
      finish(c.res, s.limiter.consume(actor.identity, 'core', now));
    } else {
      finish(c.res);
    }
  });

  registerRateLimitRoutes(app, state, clock);
  registerMetaRoutes(app);
  registerAppRoutes(app, state);
  registerUserRoutes(app, state);
  registerSignInReads(app, state);
  for (const register of extraRoutes) register(app, state, clock);

  app.notFound((c) => githubError(c, 404, 'Not Found'));
  app.onError((error, c) => {
    console.error('[simulator] github handler failed:', error);
    return githubError(c, 500, 'Server Error');
  });
  return app;
}
