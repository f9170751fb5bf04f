import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { resourcesOf, type RepoResources } from '../settling-state';
import type { ImportedRepo, TargetState } from '../state';
import { orgView } from '../views';
import { identifyCaller, type Caller, type TargetWorld } from '../world';

/**
 * Who may do what to the target's settling resources, answered as GitHub answers: 401 without a (good) token;
 * the organization and its private repositories hidden (404) from a token outside it; 403 for a member who is
 * no owner (webhooks: 404, as GitHub hides them from non-admins); an App installation's token may read but not
 * write (403, "Resource not accessible by integration": the simulator models no App permissions).
 */
export const DOCS = 'https://docs.github.com/rest';
export const MUST_BE_ADMIN = 'Must have admin rights to Repository.';

export function ghError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  docs: string,
  extra: Record<string, unknown> = {},
): Response {
  return c.json({ message, documentation_url: `${DOCS}/${docs}`, status: String(status), ...extra }, status);
}

/** GitHub's 422 with its `errors` list. */
export function validationFailed(
  c: Context,
  docs: string,
  errors: { resource: string; code: string; field?: string; message?: string }[],
): Response {
  return ghError(c, 422, 'Validation Failed', docs, { errors });
}

export interface Standing {
  state: TargetState;
  caller: Caller;
  /** An organization owner's user token: may administer everything in the organization. */
  owner: boolean;
  /** An owner, a member or the App installation: sees the organization and its repositories. */
  member: boolean;
}

function standingOf(c: Context, world: TargetWorld, docs: string): Standing | Response {
  const state = world.state();
  const caller = identifyCaller(state, c.req.header('authorization'));
  if (typeof caller === 'string') return ghError(c, 401, caller, docs);
  const login = caller.login ?? '';
  const owner = caller.kind !== 'installation' && state.org.owners.includes(login);
  const member = owner || caller.kind === 'installation' || state.org.members.includes(login);
  return { state, caller, owner, member };
}

/** A write needs an owner; what the rest get. */
function refuseWrite(c: Context, standing: Standing, docs: string, message: string, hidden: boolean) {
  if (standing.owner) return undefined;
  if (!standing.member || hidden) return ghError(c, 404, 'Not Found', docs);
  if (standing.caller.kind === 'installation')
    return ghError(c, 403, 'Resource not accessible by integration', docs);
  return ghError(c, 403, message, docs);
}

/** The organization in the path, for `read` (members) or `write` (owners). */
export function orgAccess(
  c: Context,
  world: TargetWorld,
  docs: string,
  need: 'read' | 'write',
  message = 'You must be an organization owner to do that.',
): Standing | Response {
  const standing = standingOf(c, world, docs);
  if (standing instanceof Response) return standing;
  if (c.req.param('org')?.toLowerCase() !== standing.state.org.login.toLowerCase() || !standing.member)
    return ghError(c, 404, 'Not Found', docs);
  if (need === 'read') return standing;
  return refuseWrite(c, standing, docs, message, false) ?? standing;
}

export interface RepoAccess extends Standing {
  repo: ImportedRepo;
  resources: RepoResources;
}

/** An imported repository of the organization, by `owner`/`repo` path parameters (or the given ones). */
export function findImported(
  world: TargetWorld,
  owner: string | undefined,
  name: string | undefined,
): { repo: ImportedRepo; resources: RepoResources } | undefined {
  const state = world.state();
  if (owner?.toLowerCase() !== state.org.login.toLowerCase()) return undefined;
  const view = orgView(state, world.clock.now());
  const repo = view.repos.get(name?.toLowerCase() ?? '');
  if (!repo) return undefined;
  const landed = view.migrations.find(
    (found) => found.migration.outcome.ok && found.migration.outcome.repo === repo,
  );
  return { repo, resources: resourcesOf(state, repo, landed?.timeline.endAt ?? world.clock.now()) };
}

/**
 * The repository in the path for `read` (anyone who sees it), `admin-read` or `write` (owners: the simulator's
 * repositories have no other admins). `hidden`: non-admins get 404 (webhooks).
 */
export function repoAccess(
  c: Context,
  world: TargetWorld,
  docs: string,
  need: 'read' | 'admin-read' | 'write',
  hidden = false,
): RepoAccess | Response {
  const standing = standingOf(c, world, docs);
  if (standing instanceof Response) return standing;
  const found = findImported(world, c.req.param('owner'), c.req.param('repo'));
  if (!found || (found.repo.visibility !== 'public' && !standing.member))
    return ghError(c, 404, 'Not Found', docs);
  const access = { ...standing, ...found };
  if (need === 'read') return access;
  if (need === 'admin-read' && standing.owner) return access;
  if (need === 'admin-read')
    return hidden || !standing.member
      ? ghError(c, 404, 'Not Found', docs)
      : ghError(c, 403, MUST_BE_ADMIN, docs);
  return refuseWrite(c, standing, docs, MUST_BE_ADMIN, hidden) ?? access;
}

/** The JSON body as an object; a string is GitHub's 400 for a body it cannot parse. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | undefined> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export const problemsParsingJson = (c: Context, docs: string) =>
  ghError(c, 400, 'Problems parsing JSON', docs);

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
