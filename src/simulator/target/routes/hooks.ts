import type { Context, Hono } from 'hono';
import { hookJson } from '../settling-bodies';
import { nextSettlingId, type TargetHook } from '../settling-state';
import type { TargetWorld } from '../world';
import { ghError, jsonBody, problemsParsingJson, repoAccess, validationFailed } from './guard';

const DOCS = {
  list: 'repos/webhooks#list-repository-webhooks',
  create: 'repos/webhooks#create-a-repository-webhook',
  get: 'repos/webhooks#get-a-repository-webhook',
  update: 'repos/webhooks#update-a-repository-webhook',
};

type HookConfig = Pick<TargetHook, 'url' | 'contentType' | 'insecureSsl'> & { secret?: string | null };

/** `config` as GitHub reads it; a string is what is wrong. `base`: the hook's settings a PATCH keeps. */
function configOf(value: unknown, base?: TargetHook): HookConfig | string {
  if (value === undefined && base) return base;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'Config must have url';
  const config = value as Record<string, unknown>;
  const url = config.url ?? base?.url;
  if (typeof url !== 'string') return 'Config must have url';
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
    return "Url is not supported because it isn't reachable over the public Internet";
  const contentType = config.content_type ?? base?.contentType ?? 'form';
  if (contentType !== 'json' && contentType !== 'form') return 'Content type must be json or form';
  const insecure = config.insecure_ssl ?? base?.insecureSsl ?? '0';
  const insecureSsl =
    insecure === 1 || insecure === '1' ? '1' : insecure === 0 || insecure === '0' ? '0' : undefined;
  if (!insecureSsl) return 'Insecure ssl must be 0 or 1';
  if (config.secret !== undefined && config.secret !== null && typeof config.secret !== 'string')
    return 'Secret must be a string';
  return { url, contentType, insecureSsl, secret: config.secret };
}

const eventsOf = (value: unknown): string[] | undefined =>
  Array.isArray(value) &&
  value.length <= 100 &&
  value.every((event) => typeof event === 'string' && /^[a-z_*]{1,60}$/.test(event))
    ? [...new Set(value as string[])]
    : undefined;

const invalid = (c: Context, docs: string, message: string) =>
  validationFailed(c, docs, [{ resource: 'Hook', code: 'custom', message }]);

/**
 * A repository's webhooks (GitHub hides them from non-admins: 404). The secret is kept and never answered: a set
 * one reads `********`. An import's webhooks are already here, disabled and without their secret
 * (settling-state.ts); a `PATCH` with `config.secret` and `active: true` turns one on.
 */
export function registerHookRoutes(app: Hono, world: TargetWorld): void {
  const api = (c: Context) => new URL(c.req.url).origin;
  const hookIn = (c: Context, hooks: TargetHook[]) =>
    hooks.find((hook) => String(hook.id) === c.req.param('hook_id'));

  app.get('/repos/:owner/:repo/hooks', (c) => {
    const access = repoAccess(c, world, DOCS.list, 'admin-read', true);
    if (access instanceof Response) return access;
    return c.json(access.resources.hooks.map((hook) => hookJson(hook, access.repo, api(c))));
  });

  app.get('/repos/:owner/:repo/hooks/:hook_id', (c) => {
    const access = repoAccess(c, world, DOCS.get, 'admin-read', true);
    if (access instanceof Response) return access;
    const hook = hookIn(c, access.resources.hooks);
    return hook ? c.json(hookJson(hook, access.repo, api(c))) : ghError(c, 404, 'Not Found', DOCS.get);
  });

  app.post('/repos/:owner/:repo/hooks', async (c) => {
    const access = repoAccess(c, world, DOCS.create, 'write', true);
    if (access instanceof Response) return access;
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.create);
    if (body.name !== undefined && body.name !== 'web') return invalid(c, DOCS.create, 'Name must be web');
    const config = configOf(body.config);
    if (typeof config === 'string') return invalid(c, DOCS.create, config);
    const events = body.events === undefined ? ['push'] : eventsOf(body.events);
    if (!events || (body.active !== undefined && typeof body.active !== 'boolean'))
      return invalid(c, DOCS.create, 'Events and active are not valid');
    const same = access.resources.hooks.some(
      (hook) => hook.url === config.url && [...hook.events].sort().join() === [...events].sort().join(),
    );
    if (same) return invalid(c, DOCS.create, 'Hook already exists on this repository');
    const now = world.clock.now();
    const hook: TargetHook = {
      id: nextSettlingId(access.state, 'hook'),
      url: config.url,
      contentType: config.contentType,
      insecureSsl: config.insecureSsl,
      secret: config.secret || null,
      events,
      active: body.active !== false,
      createdAt: now,
      updatedAt: now,
    };
    access.resources.hooks.push(hook);
    return c.json(hookJson(hook, access.repo, api(c)), 201);
  });

  app.patch('/repos/:owner/:repo/hooks/:hook_id', async (c) => {
    const access = repoAccess(c, world, DOCS.update, 'write', true);
    if (access instanceof Response) return access;
    const hook = hookIn(c, access.resources.hooks);
    if (!hook) return ghError(c, 404, 'Not Found', DOCS.update);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.update);
    const config = configOf(body.config, hook);
    if (typeof config === 'string') return invalid(c, DOCS.update, config);
    const events = body.events === undefined ? hook.events : eventsOf(body.events);
    const add = body.add_events === undefined ? [] : eventsOf(body.add_events);
    const remove = body.remove_events === undefined ? [] : eventsOf(body.remove_events);
    if (!events || !add || !remove || (body.active !== undefined && typeof body.active !== 'boolean'))
      return invalid(c, DOCS.update, 'Events and active are not valid');
    hook.url = config.url;
    hook.contentType = config.contentType;
    hook.insecureSsl = config.insecureSsl;
    // A config without `secret` keeps the one set; `""` or null removes it.
    if (config.secret !== undefined) hook.secret = config.secret || null;
    hook.events = [...new Set([...events, ...add])].filter((event) => !remove.includes(event));
    if (typeof body.active === 'boolean') hook.active = body.active;
    hook.updatedAt = world.clock.now();
    return c.json(hookJson(hook, access.repo, api(c)));
  });
}
