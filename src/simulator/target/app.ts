import { Hono } from 'hono';
import { GRAPHQL_DOCS, graphqlBodyLimit, graphqlRequestOf, isRefusal } from '@/simulator/graphql/request';
import { answerHeaders } from './answer-headers';
import { runGraphql } from './graphql/execute';
import { registerTargetRest } from './rest';
import { orgView } from './views';
import { identifyCaller, type TargetWorld } from './world';

/** The target as its own host, e.g. `target.simulator.internal`; requests to it go to the target app. */
export const TARGET_SIMULATOR_HOST = 'target.simulator.internal';
export const TARGET_SIMULATOR_ORIGIN = `http://${TARGET_SIMULATOR_HOST}`;

/** `GraphQL-Features` as a list (gh-gei: `import_api,mannequin_claiming_emu,org_import_api`). */
function features(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/**
 * The target GitHub.com, laid out as github.com: REST at `/`, GraphQL at `POST /graphql`, GitHub-owned storage
 * under `/uploads` (uploads.github.com's paths), migration logs under `/_migration-logs` (presigned URLs).
 */
export function createTargetApp(world: TargetWorld): Hono {
  const app = new Hono();
  // api.github.com's headers; not on storage (uploads.github.com) or presigned logs, other hosts on GitHub.
  app.use('/graphql', answerHeaders(world, 'graphql'));
  const restHeaders = answerHeaders(world, 'rest');
  for (const path of ['/orgs/*', '/repos/*', '/rate_limit']) app.use(path, restHeaders);

  app.post('/graphql', graphqlBodyLimit(), async (c) => {
    const caller = identifyCaller(world.state(), c.req.header('authorization'));
    if (typeof caller === 'string') return c.json({ message: caller, documentation_url: GRAPHQL_DOCS }, 401);
    const request = graphqlRequestOf(await c.req.json().catch(() => undefined));
    if (isRefusal(request)) return c.json(request.body, request.status);
    const answer = await runGraphql(world, caller, request, {
      origin: new URL(c.req.url).origin,
      storagePreview: features(c.req.header('graphql-features')).includes('octoshift_github_owned_storage'),
    });
    return c.json(answer.body, answer.status as 200, answer.headers);
  });

  app.get('/_migration-logs/:file', (c) => {
    const id = /^(RM_[\w-]{1,80})\.txt$/.exec(c.req.param('file'))?.[1];
    const view = id
      ? orgView(world.state(), world.clock.now()).migrations.find((v) => v.migration.id === id)
      : undefined;
    if (!view?.logAvailable) return c.text('Not Found', 404);
    const { migration, state, failureReason } = view;
    const lines = [
      `Migration ${migration.id} of ${migration.sourceUrl} into ${migration.orgLogin}/${migration.repositoryName}`,
      `State: ${state}`,
      ...(failureReason ? [`Failure: ${failureReason}`] : []),
      ...(migration.outcome.ok ? migration.outcome.warnings.map((w) => `Warning: ${w}`) : []),
    ];
    return c.text(`${lines.join('\n')}\n`);
  });

  // GitHub-owned storage: its own app, built by uploads/ (mounted per request: a reset replaces the storage).
  app.all('/uploads/*', async (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice('/uploads'.length) || '/';
    return underUploads(await world.storage().app.fetch(new Request(url, c.req.raw)));
  });

  registerTargetRest(app, world);
  app.notFound((c) =>
    c.json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404),
  );
  return app;
}

/**
 * Storage answers a part's `Location` as uploads.github.com does, a path from its root (`/organizations/…`);
 * mounted here under `/uploads`, the path gains that prefix, so a client resolving it against the uploads URL as
 * a URL (gh-gei: `new Uri(new Uri(uploadsUrl), Location)`) reaches this mount, as on GitHub.
 */
function underUploads(response: Response): Response {
  const location = response.headers.get('location');
  if (!location?.startsWith('/') || location.startsWith('//')) return response;
  const headers = new Headers(response.headers);
  headers.set('location', `/uploads${location}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
