import type { Context, Hono } from 'hono';
import type { GithubRoutes } from '../app';
import { isOrgOwner, type GithubEnv } from '../auth';
import { buildMinimalRepository } from '../factories/repository';
import {
  apiBase,
  githubError,
  requiresPreview,
  sendJson,
  sendPage,
  validationFailed,
  webBase,
} from '../http';
import type { GithubState } from '../state';
import { buildMigration, migrationGuid, migrationReposOf } from './migration-factory';
import { parseStartBody } from './start-body';
import { archiveStatus, planSchedule } from './state-machine';
import { signedArchiveUrl } from './storage';
import type { MigrationScope, SimMigration } from './store';
import type { SimClock } from '@/simulator/clock';

type Ctx = Context<GithubEnv>;
/** What a handler gets once the caller may act on the scope. */
interface Scoped {
  s: GithubState;
  scope: MigrationScope;
  owner: string;
}

/**
 * Organization (`/orgs/{org}/migrations…`) and user (`/user/migrations…`) migrations. Both share the handlers;
 * only who may act differs: an organization's owners (anyone else gets 404, as GitHub hides the resource), or the
 * authenticated user, whose token needs the `repo` scope (403 otherwise). No token: 401.
 */
export const registerMigrationRoutes: GithubRoutes = (app, state, clock) => {
  const orgScope = (c: Ctx): Scoped | Response => {
    const s = state();
    const { login } = c.get('actor');
    if (!login) return githubError(c, 401, 'Requires authentication');
    const org = c.req.param('org')?.toLowerCase() ?? '';
    if (!s.world.orgs.has(org) || !isOrgOwner(s, org, login)) return githubError(c, 404, 'Not Found');
    return { s, scope: { kind: 'org', org }, owner: org };
  };
  const userScope = (c: Ctx): Scoped | Response => {
    const s = state();
    const { login, scopes } = c.get('actor');
    if (!login) return githubError(c, 401, 'Requires authentication');
    if (!scopes.includes('repo')) {
      return githubError(
        c,
        403,
        'Resource not accessible by personal access token: the repo scope is required.',
      );
    }
    return { s, scope: { kind: 'user', login }, owner: login };
  };

  for (const [base, resolve] of [
    ['/orgs/:org/migrations', orgScope],
    ['/user/migrations', userScope],
  ] as const) {
    registerScope(app, base, resolve, clock);
  }
};

function sameScope(a: MigrationScope, b: MigrationScope): boolean {
  return a.kind === 'org' ? b.kind === 'org' && a.org === b.org : b.kind === 'user' && a.login === b.login;
}

function excludesRepositories(c: Ctx): boolean {
  const values = [...(c.req.queries('exclude') ?? []), ...(c.req.queries('exclude[]') ?? [])];
  return values.flatMap((value) => value.split(',')).includes('repositories');
}

function registerScope(
  app: Hono<GithubEnv>,
  base: string,
  resolve: (c: Ctx) => Scoped | Response,
  clock: SimClock,
) {
  /** Preview Accept, then who may act, then the migration itself. */
  const withMigration = (c: Ctx, preview: boolean): (Scoped & { migration: SimMigration }) | Response => {
    if (preview) {
      const refused = requiresPreview(c, c.get('strictPreview'));
      if (refused) return refused;
    }
    const scoped = resolve(c);
    if (scoped instanceof Response) return scoped;
    const id = Number(c.req.param('migration_id'));
    const migration = Number.isInteger(id) ? scoped.s.migrations.migrations.get(id) : undefined;
    if (!migration || !sameScope(migration.scope, scoped.scope)) return githubError(c, 404, 'Not Found');
    return { ...scoped, migration };
  };

  app.get(base, (c) => {
    const refused = requiresPreview(c, c.get('strictPreview'));
    if (refused) return refused;
    const scoped = resolve(c);
    if (scoped instanceof Response) return scoped;
    const now = clock.now();
    const excludeRepositories = excludesRepositories(c);
    const list = [...scoped.s.migrations.migrations.values()]
      .filter((migration) => sameScope(migration.scope, scoped.scope))
      .sort((a, b) => b.id - a.id)
      .map((migration) =>
        buildMigration(scoped.s, migration, now, apiBase(c), webBase(c), {
          excludeRepositories,
          apiVersion: c.get('apiVersion'),
        }),
      );
    return sendPage(c, list);
  });

  app.post(base, async (c) => {
    const scoped = resolve(c);
    if (scoped instanceof Response) return scoped;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return githubError(c, 400, 'Problems parsing JSON');
    }
    const { s, scope, owner } = scoped;
    const ownerRepos = s.world.repos.filter((repo) => repo.owner === owner);
    const parsed = parseStartBody(body, owner, ownerRepos);
    if (!parsed.ok) return validationFailed(c, parsed.errors);
    const now = clock.now();
    const id = s.migrations.nextId++;
    const migration: SimMigration = {
      id,
      guid: migrationGuid(id, now),
      scope,
      startedBy: c.get('actor').login ?? owner,
      repoIds: parsed.repos.map((repo) => repo.id),
      options: parsed.options,
      schedule: planSchedule(parsed.repos, now, parsed.options.org_metadata_only),
      locked: new Set(parsed.options.lock_repositories ? parsed.repos.map((repo) => repo.id) : []),
    };
    s.migrations.migrations.set(id, migration);
    const shown = buildMigration(s, migration, now, apiBase(c), webBase(c), {
      excludeRepositories: parsed.options.exclude.includes('repositories'),
      apiVersion: c.get('apiVersion'),
    });
    return sendJson(c, shown, 201);
  });

  app.get(`${base}/:migration_id{[0-9]+}`, (c) => {
    const found = withMigration(c, true);
    if (found instanceof Response) return found;
    return sendJson(
      c,
      buildMigration(found.s, found.migration, clock.now(), apiBase(c), webBase(c), {
        excludeRepositories: excludesRepositories(c),
        apiVersion: c.get('apiVersion'),
      }),
    );
  });

  app.get(`${base}/:migration_id{[0-9]+}/archive`, (c) => {
    const found = withMigration(c, true);
    if (found instanceof Response) return found;
    const now = clock.now();
    if (archiveStatus(found.migration, now) !== 'available') return githubError(c, 404, 'Not Found');
    const location = signedArchiveUrl(
      c.get('storageOrigin'),
      found.s.migrations.signingKey,
      found.migration.id,
      found.migration.guid,
      now,
    );
    // GHES sends the URL as the body too, and gh-gei reads it there (GetArchiveMigrationUrl: no redirect followed).
    return c.body(location, 302, { location, 'content-type': 'text/plain; charset=utf-8' });
  });

  app.delete(`${base}/:migration_id{[0-9]+}/archive`, (c) => {
    const found = withMigration(c, true);
    if (found instanceof Response) return found;
    if (archiveStatus(found.migration, clock.now()) !== 'available') return githubError(c, 404, 'Not Found');
    found.migration.archiveDeletedAt = clock.now();
    found.migration.archive = undefined;
    return c.body(null, 204);
  });

  app.delete(`${base}/:migration_id{[0-9]+}/repos/:repo_name/lock`, (c) => {
    const found = withMigration(c, true);
    if (found instanceof Response) return found;
    const name = c.req.param('repo_name').toLowerCase();
    const repo = migrationReposOf(found.s, found.migration).find(
      (candidate) => candidate.name.toLowerCase() === name,
    );
    if (!repo || !found.migration.locked.has(repo.id)) return githubError(c, 404, 'Not Found');
    found.migration.locked.delete(repo.id);
    return c.body(null, 204);
  });

  app.get(`${base}/:migration_id{[0-9]+}/repositories`, (c) => {
    const found = withMigration(c, true);
    if (found instanceof Response) return found;
    const repos = migrationReposOf(found.s, found.migration).flatMap((repo) => {
      const owner = found.s.world.accounts.get(repo.owner);
      return owner ? [buildMinimalRepository(repo, owner, apiBase(c), webBase(c))] : [];
    });
    return sendPage(c, repos);
  });
}
