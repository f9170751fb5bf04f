import type { Context } from 'hono';
import type { SimClock } from '@/simulator/clock';
import { isOrgMember, type GithubEnv } from '../auth';
import { apiBase, githubError, webBase } from '../http';
import type { ImportLinks } from './serialize';
import type { GithubState } from '../state';
import { importKey, settle, type SimImport } from './store';

/** The links an answer about an import carries (API and web bases as the caller reached them). */
export function importLinks(c: Context<GithubEnv>): ImportLinks {
  return { api: apiBase(c), web: webBase(c) };
}

/** The repository a request's path names and its import, as the caller may see them. */
export function importLookup(state: () => GithubState, clock: SimClock) {
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

  return { findRepo, findImport };
}

export type ImportLookup = ReturnType<typeof importLookup>;
