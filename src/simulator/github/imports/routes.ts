import type { Context } from 'hono';
import type { GithubRoutes } from '../app';
import { isOrgMember, type GithubEnv } from '../auth';
import { apiBase, githubError, sendJson, sendJsonText, validationFailed, webBase } from '../http';
import { authorListJson, forgetAuthorList } from './author-list-cache';
import type { GithubState } from '../state';
import { authorBody, importBody, type ImportLinks } from './serialize';
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
  visibleAuthors,
  type SimImport,
} from './store';

const VCS_URL_SCHEMES = /^(https?|svn|svn\+ssh|git|ssh|tfs):\/\/[^\s/]+/i;

type Body = Record<string, unknown>;

/** The request body: `undefined` when empty, a Response when it is not a JSON object (GitHub's 400s). */
async function readBody(c: Context): Promise<Body | undefined | Response> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return githubError(c, 400, 'Problems parsing JSON');
  }
  if (parsed === null) return undefined;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    return githubError(c, 400, 'Body should be a JSON object');
  }
  return parsed as Body;
}

function links(c: Context<GithubEnv>): ImportLinks {
  return { api: apiBase(c), web: webBase(c) };
}

/** Email as Git accepts it for an author: one `@`, no spaces or angle brackets. */
export function isValidAuthorEmail(email: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(email);
}

export function isValidAuthorName(name: string): boolean {
  return name.trim().length > 0 && !/[<>\n\r]/.test(name);
}

export const registerImportRoutes: GithubRoutes = (app, state, clock) => {
  // Hono's `/import/*` also matches `/import` itself.
  app.use('/repos/:owner/:repo/import/*', importsRetirement(state));
  /** The repository the path names, if the caller can see and write to it. */
  const findRepo = (c: Context<GithubEnv>, s: GithubState) => {
    const owner = c.req.param('owner') ?? '';
    const name = c.req.param('repo') ?? '';
    const repo = s.world.repos.find(
      (candidate) =>
        candidate.owner.toLowerCase() === owner.toLowerCase() &&
        candidate.name.toLowerCase() === name.toLowerCase(),
    );
    if (!repo) return undefined;
    const { login } = c.get('actor');
    const allowed = login !== undefined && (repo.owner === login || isOrgMember(s, repo.owner, login));
    return allowed ? repo : undefined;
  };

  /** The repository's import, settled to now; or the 404 to answer. */
  const findImport = (c: Context<GithubEnv>): SimImport | Response => {
    const s = state();
    const repo = findRepo(c, s);
    if (!repo) return githubError(c, 404, 'Not Found');
    const item = s.imports.imports.get(importKey(repo.owner, repo.name));
    if (!item) return githubError(c, 404, 'Not Found');
    return settle(item, clock.now());
  };

  app.get('/repos/:owner/:repo/import', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    return sendJson(c, importBody(item, links(c), clock.now()));
  });

  app.put('/repos/:owner/:repo/import', async (c) => {
    const s = state();
    const repo = findRepo(c, s);
    if (!repo) return githubError(c, 404, 'Not Found');
    const body = await readBody(c);
    if (body instanceof Response) return body;
    const errors: { resource: string; field: string; code: string; message?: string }[] = [];
    const vcsUrl = body?.vcs_url;
    if (vcsUrl === undefined || vcsUrl === '')
      errors.push({ resource: 'Import', field: 'vcs_url', code: 'missing_field' });
    else if (typeof vcsUrl !== 'string' || !VCS_URL_SCHEMES.test(vcsUrl.trim()) || vcsUrl.length > 2048)
      errors.push({
        resource: 'Import',
        field: 'vcs_url',
        code: 'invalid',
        message: 'vcs_url is not a valid URL',
      });
    if (body?.vcs !== undefined && !isVcs(body.vcs))
      errors.push({
        resource: 'Import',
        field: 'vcs',
        code: 'invalid',
        message: 'vcs must be one of subversion, git, mercurial, tfvc',
      });
    for (const field of ['vcs_username', 'vcs_password', 'tfvc_project'] as const) {
      if (body?.[field] !== undefined && typeof body[field] !== 'string')
        errors.push({ resource: 'Import', field, code: 'invalid' });
    }
    if (errors.length > 0) return validationFailed(c, errors);
    const key = importKey(repo.owner, repo.name);
    if (s.imports.imports.has(key)) {
      return validationFailed(c, [
        {
          resource: 'Import',
          field: 'repository',
          code: 'already_exists',
          message: 'An import is already in progress for this repository; cancel it before starting another.',
        },
      ]);
    }
    const item = startImport(
      s.imports,
      repo.owner,
      repo.name,
      {
        vcsUrl: (vcsUrl as string).trim(),
        vcs: isVcs(body?.vcs) ? body.vcs : undefined,
        username: body?.vcs_username as string | undefined,
        password: body?.vcs_password as string | undefined,
        tfvcProject: body?.tfvc_project as string | undefined,
      },
      clock.now(),
    );
    const response = sendJson(c, importBody(item, links(c), clock.now()), 201);
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
    return sendJson(c, importBody(item, links(c), now));
  });

  app.delete('/repos/:owner/:repo/import', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    state().imports.imports.delete(importKey(item.owner, item.repo));
    return c.body(null, 204);
  });

  app.get('/repos/:owner/:repo/import/authors', (c) => {
    const item = findImport(c);
    if (item instanceof Response) return item;
    const sinceRaw = c.req.query('since');
    const since = sinceRaw !== undefined && /^\d{1,15}$/.test(sinceRaw) ? Number(sinceRaw) : 0;
    const { text, etag } = authorListJson(item, visibleAuthors(item, clock.now()), since, links(c));
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
    const errors: { resource: string; field?: string; code: string; message?: string }[] = [];
    for (const key of Object.keys(body ?? {})) {
      if (!['email', 'name', 'remote_id'].includes(key))
        errors.push({
          resource: 'PorterAuthor',
          field: key,
          code: 'invalid',
          message: `${key} is not a permitted key`,
        });
    }
    const { email, name } = body ?? {};
    if (email !== undefined && (typeof email !== 'string' || !isValidAuthorEmail(email)))
      errors.push({
        resource: 'PorterAuthor',
        field: 'email',
        code: 'invalid',
        message: 'email is not a valid email address',
      });
    if (name !== undefined && (typeof name !== 'string' || !isValidAuthorName(name)))
      errors.push({
        resource: 'PorterAuthor',
        field: 'name',
        code: 'invalid',
        message: 'name must not be blank or contain < > or line breaks',
      });
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
    if (typeof email === 'string') author.email = email;
    if (typeof name === 'string') author.name = name.trim();
    forgetAuthorList(item);
    return sendJson(c, authorBody(item, author, links(c)));
  });

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
    const choice = body?.use_lfs;
    if (choice === undefined)
      return validationFailed(c, [{ resource: 'Import', field: 'use_lfs', code: 'missing_field' }]);
    if (choice !== 'opt_in' && choice !== 'opt_out')
      return validationFailed(c, [
        {
          resource: 'Import',
          field: 'use_lfs',
          code: 'invalid',
          message: 'use_lfs must be opt_in or opt_out',
        },
      ]);
    const now = clock.now();
    setLfs(item, choice, now);
    settle(item, now);
    return sendJson(c, importBody(item, links(c), now));
  });
};
