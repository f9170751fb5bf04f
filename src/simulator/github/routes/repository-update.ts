import { bodyLimit } from 'hono/body-limit';
import type { GithubRoutes } from '../app';
import { isOrgMember, isRepoAdmin } from '../auth';
import { buildMinimalRepository, type SimRepo } from '../factories/repository';
import { apiBase, DOCS, githubError, githubJson, JSON_TYPE, webBase } from '../http';
import type { GithubState } from '../state';

const UPDATE_DOCS = `${DOCS}/repos/repos#update-a-repository`;
/** GitHub's refusal of any write to a repository an export locked. */
export const LOCKED_MESSAGE = 'Repository has been locked for migration.';
/** GitHub's refusal of any write to an archived repository. */
export const ARCHIVED_MESSAGE = 'Repository was archived so is read-only.';
/** Far more than any real `repos/update` body; a larger one is 413, unread. */
const MAX_BODY_BYTES = 64 * 1024;

/** The fields of `repos/update` the simulator applies, and the JSON type GitHub's schema gives each. */
const FIELDS = { archived: 'boolean', description: 'string', private: 'boolean' } as const;

/** Does any export still hold a lock on the repository (`lock_repositories`, not yet unlocked)? */
export const isLocked = (s: GithubState, repo: SimRepo) =>
  [...s.migrations.migrations.values()].some((migration) => migration.locked.has(repo.id));

/** GitHub's schema refusal: 422 naming the property and the value, as `repos/update` answers it. */
const invalid = (property: string, value: unknown, type: string) =>
  `Invalid request.\n\nFor 'properties/${property}', ${JSON.stringify(value)?.slice(0, 100)} is not a ${type}.`;

/**
 * `PATCH /repos/{owner}/{repo}` (`repos/update`), the part a move needs: archive (or unarchive) a repository,
 * its description and privacy. As GitHub: 404 for a repository the caller cannot see, 403 unless an admin (an
 * organization's owner, the repository's admin, or the user's own), 403 while an export locks it, 403 for any change but `archived` to an
 * archived repository (archiving it again is a 200), 422 for a value of the wrong type; unknown fields ignored.
 */
export const registerRepositoryUpdate: GithubRoutes = (app, state) => {
  app.patch(
    '/repos/:owner/:repo',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.body(
          JSON.stringify({
            message: 'Request body too large.',
            documentation_url: UPDATE_DOCS,
            status: '413',
          }),
          413,
          { 'content-type': JSON_TYPE },
        ),
    }),
    async (c) => {
      const s = state();
      const { login } = c.get('actor');
      if (!login) return githubError(c, 401, 'Requires authentication');
      const owner = c.req.param('owner').toLowerCase();
      const name = c.req.param('repo').toLowerCase();
      const repo = s.world.repos.find(
        (candidate) => candidate.owner.toLowerCase() === owner && candidate.name.toLowerCase() === name,
      );
      const visible = repo && (!repo.private || repo.owner === login || isOrgMember(s, repo.owner, login));
      if (!repo || !visible) return githubError(c, 404, 'Not Found', { documentation_url: UPDATE_DOCS });
      if (!isRepoAdmin(s, repo, login))
        return githubError(c, 403, 'Must have admin rights to Repository.', {
          documentation_url: UPDATE_DOCS,
        });

      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return githubError(c, 400, 'Problems parsing JSON', { documentation_url: UPDATE_DOCS });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return githubError(c, 400, 'Body should be a JSON object', { documentation_url: UPDATE_DOCS });
      const changes = body as Record<string, unknown>;
      for (const [field, type] of Object.entries(FIELDS)) {
        const value = changes[field];
        if (value !== undefined && typeof value !== type && !(field === 'description' && value === null))
          return githubError(c, 422, invalid(field, value, type), { documentation_url: UPDATE_DOCS });
      }

      if (isLocked(s, repo)) return githubError(c, 403, LOCKED_MESSAGE, { documentation_url: UPDATE_DOCS });
      const otherChange = Object.keys(FIELDS).some(
        (field) => field !== 'archived' && changes[field] !== undefined,
      );
      if (repo.archived && (otherChange || changes.archived === undefined))
        return githubError(c, 403, ARCHIVED_MESSAGE, { documentation_url: UPDATE_DOCS });

      if (typeof changes.archived === 'boolean') repo.archived = changes.archived;
      if (typeof changes.private === 'boolean') repo.private = changes.private;
      if (changes.description !== undefined) repo.description = changes.description as string | null;
      const account = s.world.accounts.get(repo.owner);
      if (!account) return githubError(c, 404, 'Not Found', { documentation_url: UPDATE_DOCS });
      // `full-repository`: the list shape holds every field GitHub's description requires of it.
      return githubJson(c, buildMinimalRepository(repo, account, apiBase(c), webBase(c)), 200);
    },
  );
};
