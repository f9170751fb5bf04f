import { Hono } from 'hono';
import type { SimClock } from '@/simulator/clock';
import { GRAPHQL_DOCS, graphqlBodyLimit, graphqlRequestOf, isRefusal } from '@/simulator/graphql/request';
import { identify } from '../auth';
import { permissionRefusal } from '../permissions';
import type { GithubState } from '../state';
import { runSourceGraphql } from './execute';

/** Where GHES answers GraphQL: `/api/graphql` (not `/api/v3/graphql`, which is a 404: gh-gei#1468). */
export const SOURCE_GRAPHQL_PATH = '/api/graphql';

const AUTHENTICATING =
  'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql';

/**
 * The source's GraphQL endpoint, `POST /api/graphql`: read-only, what a validation reads. Each POST is one
 * request in the simulator's counters (GitHub counts it once; its points go to the `graphql` budget).
 */
export function createSourceGraphqlApp(state: () => GithubState, clock: SimClock): Hono {
  const app = new Hono();
  app.post(
    '/',
    async (c, next) => {
      const s = state();
      s.stats.requests += 1;
      await next();
      // As REST's answers (app.ts): the request's id, JSON's charset, a classic token's scopes.
      c.res.headers.set(
        'x-github-request-id',
        `SIM:${clock.now().toString(16).toUpperCase()}:${s.stats.requests}`,
      );
      c.res.headers.set('content-type', 'application/json; charset=utf-8');
      const actor = identify(c, s);
      if (typeof actor !== 'string' && actor.kind === 'classic') {
        c.res.headers.set('x-oauth-scopes', actor.scopes.join(', '));
        c.res.headers.set('x-accepted-oauth-scopes', '');
      }
    },
    graphqlBodyLimit(),
    async (c) => {
      const s = state();
      const actor = identify(c, s);
      if (typeof actor === 'string') return c.json({ message: actor, documentation_url: GRAPHQL_DOCS }, 401);
      if (actor.kind === 'anonymous')
        return c.json(
          { message: 'This endpoint requires you to be authenticated.', documentation_url: AUTHENTICATING },
          401,
        );
      const refused = permissionRefusal(actor, 'POST', '/graphql');
      if (refused) return c.json({ message: refused.message, documentation_url: refused.documentation }, 403);
      const request = graphqlRequestOf(await c.req.json().catch(() => undefined));
      if (isRefusal(request)) return c.json(request.body, request.status);
      const answer = await runSourceGraphql(s, actor, request, clock.now());
      return c.json(answer.body, answer.status, answer.headers);
    },
  );
  return app;
}
