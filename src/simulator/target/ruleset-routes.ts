import type { Context, Hono } from 'hono';
import { rulesetJson, rulesetListJson } from './rulesets';
import { identifyCaller, type TargetWorld } from './world';

const LIST_DOCS = 'https://docs.github.com/rest/orgs/rules#get-all-organization-repository-rulesets';
const GET_DOCS = 'https://docs.github.com/rest/orgs/rules#get-an-organization-repository-ruleset';
const TARGETS = new Set(['branch', 'tag', 'push', 'repository']);

const notFound = (c: Context, docs: string) =>
  c.json({ message: 'Not Found', documentation_url: docs, status: '404' }, 404);

/**
 * `GET /orgs/{org}/rulesets` (paged as GitHub pages: `per_page` ≤ 100, `Link`; `targets` filters) and
 * `GET /orgs/{org}/rulesets/{id}`. Simulator's choice where GitHub's rule is not published: the organization's
 * owners, members and the App installation read them; anyone else (or no token) gets GitHub's hiding 404.
 */
export function registerRulesetRoutes(app: Hono, world: TargetWorld): void {
  function readable(c: Context, docs: string): Response | undefined {
    const state = world.state();
    if (c.req.param('org')?.toLowerCase() !== state.org.login.toLowerCase()) return notFound(c, docs);
    const caller = identifyCaller(state, c.req.header('authorization'));
    if (typeof caller === 'string')
      return c.req.header('authorization')
        ? c.json({ message: caller, documentation_url: docs, status: '401' }, 401)
        : notFound(c, docs);
    const login = caller.login ?? '';
    const inOrg =
      caller.kind === 'installation' || state.org.owners.includes(login) || state.org.members.includes(login);
    return inOrg ? undefined : notFound(c, docs);
  }

  app.get('/orgs/:org/rulesets', (c) => {
    const refused = readable(c, LIST_DOCS);
    if (refused) return refused;
    const state = world.state();
    const url = new URL(c.req.url);
    const targets = url.searchParams
      .get('targets')
      ?.split(',')
      .map((t) => t.trim())
      .filter((t) => TARGETS.has(t));
    const all = (state.rulesets ?? []).filter((r) => !targets?.length || targets.includes(r.target));
    const perPageAsked = Number(url.searchParams.get('per_page') ?? 30);
    const perPage = Number.isInteger(perPageAsked) && perPageAsked > 0 ? Math.min(perPageAsked, 100) : 30;
    const pageAsked = Number(url.searchParams.get('page') ?? 1);
    const page = Number.isInteger(pageAsked) && pageAsked > 0 ? Math.min(pageAsked, 10_000) : 1;
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const items = all
      .slice((page - 1) * perPage, page * perPage)
      .map((ruleset) => rulesetListJson(ruleset, state.org.login, url.origin));
    const link = (to: number, rel: string) => {
      const next = new URL(url);
      next.searchParams.set('per_page', String(perPage));
      next.searchParams.set('page', String(to));
      return `<${next.toString()}>; rel="${rel}"`;
    };
    const parts = [
      ...(page > 1 ? [link(Math.min(page - 1, last), 'prev'), link(1, 'first')] : []),
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ];
    return c.json(items, 200, parts.length > 0 ? { link: parts.join(', ') } : {});
  });

  app.get('/orgs/:org/rulesets/:id', (c) => {
    const refused = readable(c, GET_DOCS);
    if (refused) return refused;
    const state = world.state();
    const id = /^\d{1,12}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : NaN;
    const ruleset = (state.rulesets ?? []).find((candidate) => candidate.id === id);
    if (!ruleset) return notFound(c, GET_DOCS);
    return c.json(rulesetJson(ruleset, state.org.login, new URL(c.req.url).origin));
  });
}
