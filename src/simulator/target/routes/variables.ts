import type { Context, Hono } from 'hono';
import type { TargetVariable } from '../settling-state';
import type { TargetWorld } from '../world';
import { ghError, iso, jsonBody, problemsParsingJson, repoAccess } from './guard';

const DOCS = {
  list: 'actions/variables#list-repository-variables',
  create: 'actions/variables#create-a-repository-variable',
  get: 'actions/variables#get-a-repository-variable',
  update: 'actions/variables#update-a-repository-variable',
  remove: 'actions/variables#delete-a-repository-variable',
};

/** GitHub's rule for Actions variable and secret names: letters, digits, `_`; no leading digit or `GITHUB_`. */
export function badActionsName(name: unknown): boolean {
  return (
    typeof name !== 'string' ||
    !/^[A-Za-z_][A-Za-z0-9_]{0,199}$/.test(name) ||
    name.toUpperCase().startsWith('GITHUB_')
  );
}

export const variableJson = (variable: TargetVariable) => ({
  name: variable.name,
  value: variable.value,
  created_at: iso(variable.createdAt),
  updated_at: iso(variable.updatedAt),
});

/**
 * Adds `{ name, value }` to a list of variables (a repository's or an environment's): 201 `{}`, 409 when the
 * name is taken (names are case-insensitive and kept upper case, as GitHub keeps them), 422 when not valid.
 */
export async function createVariable(
  c: Context,
  list: TargetVariable[],
  now: number,
  docs: string,
): Promise<Response> {
  const body = await jsonBody(c);
  if (!body) return problemsParsingJson(c, docs);
  if (badActionsName(body.name) || typeof body.value !== 'string')
    return ghError(
      c,
      422,
      'Invalid request.\n\nName and value are required; a name is letters, digits and _.',
      docs,
    );
  const name = (body.name as string).toUpperCase();
  if (list.some((variable) => variable.name === name)) return ghError(c, 409, 'Already exists', docs);
  list.push({ name, value: body.value, createdAt: now, updatedAt: now });
  return c.json({}, 201);
}

/** A repository's Actions variables (owners only, as GitHub: admin rights). */
export function registerVariableRoutes(app: Hono, world: TargetWorld): void {
  app.get('/repos/:owner/:repo/actions/variables', (c) => {
    const access = repoAccess(c, world, DOCS.list, 'admin-read');
    if (access instanceof Response) return access;
    // GitHub's rule for variables: 10 a page unless asked, at most 30.
    const asked = Number(c.req.query('per_page') ?? 10);
    const perPage = Number.isInteger(asked) && asked > 0 ? Math.min(asked, 30) : 10;
    const pageAsked = Number(c.req.query('page') ?? 1);
    const page = Number.isInteger(pageAsked) && pageAsked > 0 ? pageAsked : 1;
    const all = access.resources.variables;
    return c.json({
      total_count: all.length,
      variables: all.slice((page - 1) * perPage, page * perPage).map(variableJson),
    });
  });

  app.post('/repos/:owner/:repo/actions/variables', async (c) => {
    const access = repoAccess(c, world, DOCS.create, 'write');
    if (access instanceof Response) return access;
    return createVariable(c, access.resources.variables, world.clock.now(), DOCS.create);
  });

  const byName = (list: TargetVariable[], name: string | undefined) =>
    list.find((variable) => variable.name === name?.toUpperCase());
  const named = (c: Context, list: TargetVariable[]) => byName(list, c.req.param('name'));

  app.get('/repos/:owner/:repo/actions/variables/:name', (c) => {
    const access = repoAccess(c, world, DOCS.get, 'admin-read');
    if (access instanceof Response) return access;
    const variable = named(c, access.resources.variables);
    return variable ? c.json(variableJson(variable)) : ghError(c, 404, 'Not Found', DOCS.get);
  });

  app.patch('/repos/:owner/:repo/actions/variables/:name', async (c) => {
    const access = repoAccess(c, world, DOCS.update, 'write');
    if (access instanceof Response) return access;
    const variable = named(c, access.resources.variables);
    if (!variable) return ghError(c, 404, 'Not Found', DOCS.update);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.update);
    if (
      (body.name !== undefined && badActionsName(body.name)) ||
      (body.value !== undefined && typeof body.value !== 'string')
    )
      return ghError(
        c,
        422,
        'Invalid request.\n\nA name is letters, digits and _; a value is a string.',
        DOCS.update,
      );
    const rename = typeof body.name === 'string' ? body.name.toUpperCase() : undefined;
    if (rename && rename !== variable.name && byName(access.resources.variables, rename))
      return ghError(c, 409, 'Already exists', DOCS.update);
    if (rename) variable.name = rename;
    if (typeof body.value === 'string') variable.value = body.value;
    variable.updatedAt = world.clock.now();
    return c.body(null, 204);
  });

  app.delete('/repos/:owner/:repo/actions/variables/:name', (c) => {
    const access = repoAccess(c, world, DOCS.remove, 'write');
    if (access instanceof Response) return access;
    const variable = named(c, access.resources.variables);
    if (!variable) return ghError(c, 404, 'Not Found', DOCS.remove);
    access.resources.variables.splice(access.resources.variables.indexOf(variable), 1);
    return c.body(null, 204);
  });
}
