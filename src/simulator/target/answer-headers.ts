import type { MiddlewareHandler } from 'hono';
import type { TargetState } from './state';
import { resetAtMs } from './graphql/points';
import { identifyCaller, type TargetWorld } from './world';

/**
 * The headers every answer of api.github.com carries, on the target's REST and GraphQL (not its storage or logs):
 * `X-GitHub-Request-Id`; `X-OAuth-Scopes` (and an empty `X-Accepted-OAuth-Scopes`) for a classic token, which is
 * how a client learns a token's scopes (Ferry's target scope check reads it); JSON as `charset=utf-8`; and on
 * REST, the `core` budget's `x-ratelimit-*` (5,000 an hour signed in, 60 anonymously, per account).
 */
const CORE_SIGNED_IN = 5_000;
const CORE_ANONYMOUS = 60;
const HOUR = 3_600_000;

/** REST requests per account in the world's current hour; a new world (a reset) starts from none. */
const coreByWorld = new WeakMap<TargetState, Map<string, [number, number]>>();

const hourOf = (state: TargetState, now: number) => Math.floor((now - state.originMs) / HOUR);

export function coreUsed(state: TargetState, account: string, now: number): number {
  const [hour, used] = coreByWorld.get(state)?.get(account) ?? [-1, 0];
  return hour === hourOf(state, now) ? used : 0;
}

function spendCore(state: TargetState, account: string, now: number): number {
  let accounts = coreByWorld.get(state);
  if (!accounts) coreByWorld.set(state, (accounts = new Map<string, [number, number]>()));
  const used = coreUsed(state, account, now) + 1;
  accounts.set(account, [hourOf(state, now), used]);
  return used;
}

export const coreLimitOf = (signedIn: boolean) => (signedIn ? CORE_SIGNED_IN : CORE_ANONYMOUS);

export function answerHeaders(world: TargetWorld, kind: 'rest' | 'graphql'): MiddlewareHandler {
  let sequence = 0;
  return async (c, next) => {
    await next();
    const state = world.state();
    const now = world.clock.now();
    sequence += 1;
    c.res.headers.set('x-github-request-id', `SIM-TARGET:${now.toString(16).toUpperCase()}:${sequence}`);
    const type = c.res.headers.get('content-type');
    if (type?.startsWith('application/json') && !/charset=/i.test(type))
      c.res.headers.set('content-type', 'application/json; charset=utf-8');
    const header = c.req.header('authorization');
    const caller = header ? identifyCaller(state, header) : undefined;
    if (typeof caller === 'string') return; // a bad token: GitHub's 401 says no more
    if (caller?.kind === 'classic') {
      c.res.headers.set('x-oauth-scopes', caller.scopes.join(', '));
      c.res.headers.set('x-accepted-oauth-scopes', '');
    }
    if (kind === 'graphql' || c.req.path === '/rate_limit') return;
    const account = caller?.account ?? 'anonymous';
    const limit = coreLimitOf(caller !== undefined);
    const used = spendCore(state, account, now);
    c.res.headers.set('x-ratelimit-limit', String(limit));
    c.res.headers.set('x-ratelimit-remaining', String(Math.max(0, limit - used)));
    c.res.headers.set('x-ratelimit-used', String(used));
    c.res.headers.set('x-ratelimit-reset', String(Math.floor(resetAtMs(state, now) / 1000)));
    c.res.headers.set('x-ratelimit-resource', 'core');
  };
}
