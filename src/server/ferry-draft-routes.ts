import { isRepositoryName } from '@/contracts/github/names';
import type { Context } from 'hono';
import { DRAFT_SAVES_PER_REQUEST, type DraftsSaveRequest } from '@/contracts/ferry';
import { isStoredId, jsonBody, validSave, type FerryApp } from './ferry-request';
import { gatewayError } from './gateway-error';

const CLIENT = /^[A-Za-z0-9_-]{8,64}$/;
const MAX_SAVES = DRAFT_SAVES_PER_REQUEST;

const iso = (date: Date) => date.toISOString();

/** The import the path names, as the store keys it (`owner/repo` in lower case); `undefined` if malformed. */
function importKey(c: Context): string | undefined {
  const owner = c.req.param('owner') ?? '';
  const repo = c.req.param('repo') ?? '';
  return isRepositoryName(owner, repo) ? `${owner.toLowerCase()}/${repo.toLowerCase()}` : undefined;
}

/**
 * `/drafts/:owner/:repo`: author mappings being edited for an import, kept so another tab or person sees them.
 * A save names the version it was based on; the answer says which saves overwrote someone else's.
 */
export function registerDraftRoutes(app: FerryApp) {
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
    if (ids.length === 0 || ids.length > MAX_SAVES || !ids.every(isStoredId))
      return gatewayError(c, 400, 'authors is a comma-separated list of author ids.', 'BAD_QUERY');
    await c.var.store.authorDrafts.discard(key, ids);
    return c.body(null, 204);
  });
}
