import { Hono } from 'hono';
import { registerDraftRoutes } from './ferry-draft-routes';
import { registerHistoryRoutes } from './ferry-history-routes';
import { isRecentKind, jsonBody, validRecentKey, type FerryApp } from './ferry-request';
import { gatewayError } from './gateway-error';
import type { RateRecorder } from './rate-recorder';
import type { FerryStore } from './store/ferry-store';
import type { Watcher } from './watch/watcher';

/**
 * `/api/ferry/*`: what the gateway remembers and watches (shapes in src/contracts/ferry.ts). Requests are
 * validated here, at the edge (`ferry-request.ts`); nothing in the store is a secret, so everything can be read
 * back. What was recorded: `ferry-history-routes.ts`; author drafts: `ferry-draft-routes.ts`.
 */
export interface FerryRoutesDeps {
  /** Resolved on first use: component tests open their in-memory store only when a test asks for it. */
  store: () => Promise<FerryStore>;
  recorder: RateRecorder;
  watcher?: Watcher;
}

const iso = (date: Date) => date.toISOString();

export function createFerryRoutes({ store: openStore, recorder, watcher }: FerryRoutesDeps) {
  const app: FerryApp = new Hono();
  app.use('*', async (c, next) => {
    c.set('store', await openStore());
    await next();
  });

  registerHistoryRoutes(app, recorder);

  app.get('/recent', async (c) => {
    const kind = c.req.query('kind');
    if (kind !== undefined && !isRecentKind(kind))
      return gatewayError(c, 400, 'kind is org, import or tld.', 'BAD_QUERY');
    const items = await c.var.store.recent.list(kind);
    return c.json({ items: items.map((item) => ({ ...item, openedAt: iso(item.openedAt) })) });
  });

  app.post('/recent', async (c) => {
    const body = (await jsonBody(c)) as { kind?: unknown; key?: unknown } | undefined;
    if (
      !body ||
      !isRecentKind(body.kind) ||
      typeof body.key !== 'string' ||
      !validRecentKey(body.kind, body.key)
    )
      return gatewayError(
        c,
        400,
        'Send { kind: org|import|tld, key }: an organization login, owner/repository, or a TLD.',
        'BAD_BODY',
      );
    await c.var.store.recent.touch(body.kind, body.key, new Date());
    return c.body(null, 204);
  });

  registerDraftRoutes(app);

  app.get('/watched', async (c) =>
    c.json({
      items: ((await watcher?.followed()) ?? []).map((entry) => ({
        path: entry.target.key,
        kind: entry.target.kind,
        state: entry.observed.state,
        seenAt: iso(new Date(entry.seenAt)),
        terminal: entry.observed.terminal,
        body: entry.body,
      })),
    }),
  );

  app.all('*', (c) => gatewayError(c, 404, 'Unknown Ferry route.', 'NOT_FOUND'));
  return app;
}
