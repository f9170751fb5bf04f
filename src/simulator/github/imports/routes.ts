import type { GithubRoutes } from '../app';
import { apiBase, githubError, sendJson, validationFailed } from '../http';
import { ARCHIVED_MESSAGE } from '../routes/repository-update';
import { registerAuthorRoutes } from './author-routes';
import { importLinks, importLookup } from './import-lookup';
import { parseLfsChoice, parseStartRequest, readBody } from './request-checks';
import { importBody } from './serialize';
import { importsRetirement } from './retirement';
import { isVcs } from './scenarios';
import {
  chooseProject,
  importKey,
  restartImport,
  setLfs,
  settle,
  startImport,
  supplyCredentials,
} from './store';

/**
 * GitHub's Source Imports API (`/repos/:owner/:repo/import`): start, follow, correct and cancel an import, its
 * large files and LFS choice; its authors in `author-routes.ts`. What a request may hold: `request-checks.ts`.
 */
export const registerImportRoutes: GithubRoutes = (app, state, clock) => {
  // Hono's `/import/*` also matches `/import` itself.
  app.use('/repos/:owner/:repo/import/*', importsRetirement(state));
  const lookup = importLookup(state, clock);
  const { findRepo, findImport } = lookup;

  app.get('/repos/:owner/:repo/import', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    return sendJson(c, importBody(item, importLinks(c), clock.now()));
  });

  app.put('/repos/:owner/:repo/import', async (c) => {
    const s = state();
    const repo = findRepo(c, s);
    if (!repo) return githubError(c, 404, 'Not Found');
    if (repo.archived) return githubError(c, 403, ARCHIVED_MESSAGE);
    const body = await readBody(c);
    if (body instanceof Response) return body;
    const start = parseStartRequest(body);
    if (Array.isArray(start)) return validationFailed(c, start);
    if (s.imports.imports.has(importKey(repo.owner, repo.name))) {
      return validationFailed(c, [
        {
          resource: 'Import',
          field: 'repository',
          code: 'already_exists',
          message: 'An import is already in progress for this repository; cancel it before starting another.',
        },
      ]);
    }
    const item = startImport(s.imports, repo.owner, repo.name, start, clock.now());
    const response = sendJson(c, importBody(item, importLinks(c), clock.now()), 201);
    response.headers.set('location', `${apiBase(c)}/repos/${repo.owner}/${repo.name}/import`);
    return response;
  });

  app.patch('/repos/:owner/:repo/import', async (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    const body = await readBody(c);
    if (body instanceof Response) return body;
    const now = clock.now();
    const text = (key: string): string | undefined => {
      const value = body?.[key];
      return typeof value === 'string' ? value : undefined;
    };
    const username = text('vcs_username');
    const password = text('vcs_password');
    const vcs = isVcs(body?.vcs) ? body.vcs : undefined;
    const project = text('tfvc_project');
    if (username === undefined && password === undefined && vcs === undefined && project === undefined) {
      restartImport(item, now);
    } else {
      if (username !== undefined || password !== undefined) supplyCredentials(item, username, password, now);
      if (vcs !== undefined || project !== undefined) chooseProject(item, vcs, project, now);
    }
    settle(item, now);
    return sendJson(c, importBody(item, importLinks(c), now));
  });

  app.delete('/repos/:owner/:repo/import', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    state().imports.imports.delete(importKey(item.owner, item.repo));
    return c.body(null, 204);
  });

  registerAuthorRoutes(app, lookup, clock);

  app.get('/repos/:owner/:repo/import/large_files', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    return sendJson(c, item.largeFiles);
  });

  app.patch('/repos/:owner/:repo/import/lfs', async (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    const body = await readBody(c);
    if (body instanceof Response) return body;
    const choice = parseLfsChoice(body);
    if (Array.isArray(choice)) return validationFailed(c, choice);
    const now = clock.now();
    setLfs(item, choice, now);
    settle(item, now);
    return sendJson(c, importBody(item, importLinks(c), now));
  });
};
