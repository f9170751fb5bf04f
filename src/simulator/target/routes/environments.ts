import type { Context, Hono } from 'hono';
import { environmentJson } from '../settling-bodies';
import { nextSettlingId, settlingOf, type TargetEnvironment } from '../settling-state';
import { nodeId } from '../ids';
import type { TargetState } from '../state';
import type { TargetWorld } from '../world';
import { ghError, jsonBody, problemsParsingJson, repoAccess } from './guard';
import { createVariable } from './variables';

const DOCS = {
  put: 'deployments/environments#create-or-update-an-environment',
  list: 'deployments/environments#list-environments',
  variable: 'actions/variables#create-an-environment-variable',
};

type Settings = Pick<TargetEnvironment, 'waitTimer' | 'preventSelfReview' | 'reviewers' | 'branchPolicy'>;

/** The reviewers, each naming a user or a team of the target; a string is GitHub's 422 message. */
function reviewersOf(value: unknown, state: TargetState): Settings['reviewers'] | string {
  if (!Array.isArray(value) || value.length > 6) return 'reviewers must be a list of at most 6';
  const out: Settings['reviewers'] = [];
  for (const item of value as unknown[]) {
    const { type, id } = (item ?? {}) as { type?: unknown; id?: unknown };
    if ((type !== 'User' && type !== 'Team') || typeof id !== 'number')
      return 'reviewers need a type and an id';
    const known =
      type === 'User'
        ? state.users.some((user) => user.databaseId === id)
        : settlingOf(state).teams.some((team) => team.id === id);
    if (!known) return `Reviewer ${type} ${id} could not be found`;
    out.push({ type, id });
  }
  return out;
}

/** The body of a `PUT`, over the environment's current settings (absent fields keep them). */
function settingsOf(body: Record<string, unknown>, state: TargetState, base: Settings): Settings | string {
  const wait = body.wait_timer ?? base.waitTimer;
  if (typeof wait !== 'number' || !Number.isInteger(wait) || wait < 0 || wait > 43_200)
    return 'wait_timer must be an integer from 0 to 43200';
  const prevent = body.prevent_self_review ?? base.preventSelfReview;
  if (typeof prevent !== 'boolean') return 'prevent_self_review must be a boolean';
  const reviewers =
    body.reviewers === undefined || body.reviewers === null
      ? base.reviewers
      : reviewersOf(body.reviewers, state);
  if (typeof reviewers === 'string') return reviewers;
  let branchPolicy = base.branchPolicy;
  if (body.deployment_branch_policy === null) branchPolicy = null;
  else if (body.deployment_branch_policy !== undefined) {
    const policy = body.deployment_branch_policy as {
      protected_branches?: unknown;
      custom_branch_policies?: unknown;
    };
    const { protected_branches: protectedOnly, custom_branch_policies: custom } = policy;
    if (typeof protectedOnly !== 'boolean' || typeof custom !== 'boolean' || protectedOnly === custom)
      return 'Exactly one of protected_branches and custom_branch_policies must be true';
    branchPolicy = { protected_branches: protectedOnly, custom_branch_policies: custom };
  }
  return { waitTimer: wait, preventSelfReview: prevent, reviewers, branchPolicy };
}

const NAME = /^[^\n\r\t/\\]{1,255}$/;

/** A repository's environments (owners write; anyone who sees the repository reads) and their variables. */
export function registerEnvironmentRoutes(app: Hono, world: TargetWorld): void {
  const api = (c: Context) => new URL(c.req.url).origin;

  app.put('/repos/:owner/:repo/environments/:environment_name', async (c) => {
    const access = repoAccess(c, world, DOCS.put, 'write');
    if (access instanceof Response) return access;
    const name = c.req.param('environment_name');
    if (!NAME.test(name)) return ghError(c, 422, 'Environment name is not valid.', DOCS.put);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.put);
    const envs = access.resources.environments;
    const existing = envs.find((env) => env.name.toLowerCase() === name.toLowerCase());
    const base: Settings = existing ?? {
      waitTimer: 0,
      preventSelfReview: false,
      reviewers: [],
      branchPolicy: null,
    };
    const settings = settingsOf(body, access.state, base);
    if (typeof settings === 'string') return ghError(c, 422, settings, DOCS.put);
    const now = world.clock.now();
    let env = existing;
    if (env) Object.assign(env, settings, { updatedAt: now });
    else {
      const id = nextSettlingId(access.state, 'env');
      env = {
        id,
        nodeId: nodeId('EN', String(id)),
        name,
        ...settings,
        variables: [],
        createdAt: now,
        updatedAt: now,
      };
      envs.push(env);
    }
    return c.json(environmentJson(env, access.repo, access.state, api(c)));
  });

  app.get('/repos/:owner/:repo/environments', (c) => {
    const access = repoAccess(c, world, DOCS.list, 'read');
    if (access instanceof Response) return access;
    const envs = access.resources.environments;
    return c.json({
      total_count: envs.length,
      environments: envs.map((env) => environmentJson(env, access.repo, access.state, api(c))),
    });
  });

  app.post('/repos/:owner/:repo/environments/:environment_name/variables', async (c) => {
    const access = repoAccess(c, world, DOCS.variable, 'write');
    if (access instanceof Response) return access;
    const name = c.req.param('environment_name').toLowerCase();
    const env = access.resources.environments.find((candidate) => candidate.name.toLowerCase() === name);
    if (!env) return ghError(c, 404, 'Not Found', DOCS.variable);
    return createVariable(c, env.variables, world.clock.now(), DOCS.variable);
  });
}
