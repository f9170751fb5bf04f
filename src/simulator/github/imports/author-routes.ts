import type { Hono } from 'hono';
import type { SimClock } from '@/simulator/clock';
import type { GithubEnv } from '../auth';
import { githubError, sendJson, sendJsonText, validationFailed } from '../http';
import { authorListJson, forgetAuthorList } from './author-list-cache';
import { importLinks, type ImportLookup } from './import-lookup';
import { authorChangeErrors, readBody } from './request-checks';
import { authorBody } from './serialize';
import { visibleAuthors } from './store';

/**
 * `…/import/authors`: the commit authors an import found (as far as its mapping step got), and their mapping
 * to GitHub names and e-mails until the import starts pushing.
 */
export function registerAuthorRoutes(app: Hono<GithubEnv>, { findImport }: ImportLookup, clock: SimClock) {
  app.get('/repos/:owner/:repo/import/authors', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    const sinceRaw = c.req.query('since');
    const since = sinceRaw !== undefined && /^\d{1,15}$/.test(sinceRaw) ? Number(sinceRaw) : 0;
    const { text, etag } = authorListJson(item, visibleAuthors(item, clock.now()), since, importLinks(c));
    return sendJsonText(c, text, etag);
  });

  app.patch('/repos/:owner/:repo/import/authors/:author_id', async (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    const id = Number(c.req.param('author_id'));
    const author = visibleAuthors(item, clock.now()).find((candidate) => candidate.id === id);
    if (!author) return githubError(c, 404, 'Not Found');
    const body = await readBody(c);
    if (body instanceof Response) return body;
    const errors = authorChangeErrors(body);
    if (errors.length > 0) return validationFailed(c, errors);
    if (item.pushStarted) {
      return validationFailed(c, [
        {
          resource: 'PorterAuthor',
          code: 'custom',
          message: 'Authors can no longer be mapped: new commits have already been pushed to the repository.',
        },
      ]);
    }
    const { email, name } = body ?? {};
    if (typeof email === 'string') author.email = email;
    if (typeof name === 'string') author.name = name.trim();
    forgetAuthorList(item);
    return sendJson(c, authorBody(item, author, importLinks(c)));
  });
}
