import { isId, isLogin, isRepositoryName, isTld, parseFullName } from '@/contracts/github/names';
import { normaliseSubject } from '@/contracts/github/subjects';
import { CREDENTIAL_NAME } from '@/contracts/credentials';
import { Hono, type Context } from 'hono';
import { DRAFT_SAVES_PER_REQUEST, type DraftsSaveRequest, type RecentKind } from '@/contracts/ferry';
import { gatewayError } from './gateway-error';
import type { RateRecorder } from './rate-recorder';
import type { FerryStore } from './store/ferry-store';
import type { Watcher } from './watch/watcher';

/**
 * `/api/ferry/*`: what the gateway remembers and watches (shapes in src/contracts/ferry.ts). Requests are
 * validated here, at the edge; nothing in the store is a secret, so everything can be read back.
 */
export interface FerryRoutesDeps {
  /** Resolved on first use: component tests open their in-memory store only when a test asks for it. */
  store: () => Promise<FerryStore>;
  recorder: RateRecorder;
  watcher?: Watcher;
}

const SUBJECT = /^[A-Za-z0-9/._-]{1,200}$/;
const CLIENT = /^[A-Za-z0-9_-]{8,64}$/;
const MAX_SAVES = DRAFT_SAVES_PER_REQUEST;

const iso = (date: Date) => date.toISOString();

/**
 * An ISO 8601 time (a date, or a date and time with an optional zone) between 1970 and 9999: what the
 * store's timestamps hold. `Date.parse` alone accepts `-271821-04-20…` and other odd forms PostgreSQL then
 * refuses (a 500).
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function sinceParam(c: Context, fallbackMs: number, now: Date): Date | undefined {
  const raw = c.req.query('since');
  if (raw === undefined) return new Date(now.getTime() - fallbackMs);
  const parsed = ISO_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= EARLIEST && parsed <= LATEST ? new Date(parsed) : undefined;
}

/**
 * Text PostgreSQL can keep as it was sent: no NUL (refused by `text`, a 500), no other control character, no
 * lone surrogate (silently replaced by U+FFFD on the way).
 */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const UNSTORABLE = /[\x00-\x1f\x7f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !UNSTORABLE.test(value);

/** Migration ids as the store keeps them (a 32-bit integer column): safe, positive, at most 2^31 - 1. */
const isMigrationId = (value: string | undefined) =>
  value !== undefined && isId(value) && Number(value) <= 2 ** 31 - 1;

/** A recent item's key by its kind: a login, `owner/repo`, or a TLD, by GitHub's and DNS's rules. */
function validRecentKey(kind: RecentKind, key: string): boolean {
  if (kind === 'org') return isLogin(key);
  if (kind === 'import') return parseFullName(key) !== undefined;
  return isTld(key);
}

function isRecentKind(value: unknown): value is RecentKind {
  return value === 'org' || value === 'import' || value === 'tld';
}

function validSave(value: unknown): value is DraftsSaveRequest['saves'][number] {
  if (typeof value !== 'object' || value === null) return false;
  const save = value as Record<string, unknown>;
  return (
    Number.isInteger(save.authorId) &&
    (save.authorId as number) > 0 &&
    (save.authorId as number) < 2 ** 31 &&
    storable(save.name, 256) &&
    storable(save.email, 320) &&
    Number.isInteger(save.baseVersion) &&
    (save.baseVersion as number) >= 0
  );
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

export function createFerryRoutes({ store: openStore, recorder, watcher }: FerryRoutesDeps) {
  const app = new Hono<{ Variables: { store: FerryStore } }>();
  app.use('*', async (c, next) => {
    c.set('store', await openStore());
    await next();
  });

  app.get('/rate-history', async (c) => {
    const now = recorder.upstreamNow();
    const since = sinceParam(c, 24 * 3_600_000, now);
    const resource = c.req.query('resource');
    if (!since) return gatewayError(c, 400, 'since must be an ISO time (1970 to 9999).', 'BAD_QUERY');
    if (resource !== undefined && !/^[a-z_]{1,40}$/.test(resource))
      return gatewayError(c, 400, 'Unknown resource name.', 'BAD_QUERY');
    const step = c.req.query('step') === undefined ? undefined : Number(c.req.query('step'));
    if (step !== undefined && (!Number.isInteger(step) || step < 1 || step > 86_400))
      return gatewayError(c, 400, 'step is a whole number of seconds (1 to 86400).', 'BAD_QUERY');
    const credential = c.req.query('credential');
    if (credential !== undefined && !CREDENTIAL_NAME.test(credential))
      return gatewayError(c, 400, 'Unknown credential name.', 'BAD_QUERY');
    const samples = await c.var.store.rateHistory.read(since, resource, step, credential);
    return c.json({
      now: iso(now),
      samples: samples.map(({ at, resource: name, limit, remaining, used, reset, credential: of }) => ({
        credential: of ?? 'default',
        at: iso(at),
        resource: name,
        limit,
        remaining,
        used,
        reset: iso(reset),
      })),
    });
  });

  app.get('/timeline', async (c) => {
    const subject = c.req.query('subject');
    if (subject !== undefined) {
      if (!SUBJECT.test(subject)) return gatewayError(c, 400, 'Malformed subject.', 'BAD_QUERY');
      const events = await c.var.store.timeline.forSubject(normaliseSubject(subject));
      return c.json({ events: events.map((event) => ({ ...event, at: iso(event.at) })) });
    }
    const since = c.req.query('since') === undefined ? undefined : sinceParam(c, 0, new Date());
    if (c.req.query('since') !== undefined && !since)
      return gatewayError(c, 400, 'since must be an ISO time (1970 to 9999).', 'BAD_QUERY');
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const events = await c.var.store.timeline.recent({ since, limit });
    return c.json({ events: events.map((event) => ({ ...event, at: iso(event.at) })) });
  });

  app.get('/unlocks', async (c) => {
    const owner = c.req.query('owner') ?? '';
    const migrationParam = c.req.query('migration');
    if (!/^(?:user|org\/[A-Za-z0-9-]{1,39})$/.test(owner) || !isMigrationId(migrationParam))
      return gatewayError(
        c,
        400,
        'owner (user or org/NAME) and migration (an id) are required.',
        'BAD_QUERY',
      );
    const rows = await c.var.store.unlocks.forMigration(owner.toLowerCase(), Number(migrationParam));
    return c.json({
      unlocks: rows.map((row) => ({ repoName: row.repoName, at: iso(row.at), actor: row.actor })),
    });
  });

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

  const importKey = (c: Context): string | undefined => {
    const owner = c.req.param('owner') ?? '';
    const repo = c.req.param('repo') ?? '';
    return isRepositoryName(owner, repo) ? `${owner.toLowerCase()}/${repo.toLowerCase()}` : undefined;
  };

  app.get('/drafts/:owner/:repo', async (c) => {
    const key = importKey(c);
    if (!key) return gatewayError(c, 400, 'Malformed repository.', 'BAD_PATH');
    const drafts = await c.var.store.authorDrafts.list(key);
    return c.json({ drafts: drafts.map((draft) => ({ ...draft, updatedAt: iso(draft.updatedAt) })) });
  });

  app.put('/drafts/:owner/:repo', async (c) => {
    const key = importKey(c);
    if (!key) return gatewayError(c, 400, 'Malformed repository.', 'BAD_PATH');
    const body = (await jsonBody(c)) as Partial<DraftsSaveRequest> | undefined;
    if (
      !body ||
      typeof body.client !== 'string' ||
      !CLIENT.test(body.client) ||
      !Array.isArray(body.saves) ||
      body.saves.length > MAX_SAVES ||
      !body.saves.every(validSave)
    ) {
      return gatewayError(
        c,
        400,
        `Send { client, saves: [{ authorId, name, email, baseVersion }] } with at most ${MAX_SAVES} saves.`,
        'BAD_BODY',
      );
    }
    const results = await c.var.store.authorDrafts.save(key, body.saves, body.client, new Date());
    return c.json({
      results: results.map(({ draft, overwrote }) => ({
        draft: { ...draft, updatedAt: iso(draft.updatedAt) },
        ...(overwrote ? { overwrote: { ...overwrote, updatedAt: iso(overwrote.updatedAt) } } : {}),
      })),
    });
  });

  app.delete('/drafts/:owner/:repo', async (c) => {
    const key = importKey(c);
    if (!key) return gatewayError(c, 400, 'Malformed repository.', 'BAD_PATH');
    const ids = (c.req.query('authors') ?? '').split(',').filter(Boolean).map(Number);
    if (
      ids.length === 0 ||
      ids.length > MAX_SAVES ||
      !ids.every((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
    )
      return gatewayError(c, 400, 'authors is a comma-separated list of author ids.', 'BAD_QUERY');
    await c.var.store.authorDrafts.discard(key, ids);
    return c.body(null, 204);
  });

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
