import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isRecord } from '@/contracts/json';
import { MAX_QUERY_LENGTH, runGraphql } from './graphql/execute';
import { registerTargetRest } from './rest';
import { orgView } from './views';
import { identifyCaller, type TargetWorld } from './world';

/** The target as its own host, e.g. `target.simulator.internal`; requests to it go to the target app. */
export const TARGET_SIMULATOR_HOST = 'target.simulator.internal';
export const TARGET_SIMULATOR_ORIGIN = `http://${TARGET_SIMULATOR_HOST}`;

const GRAPHQL_DOCS = 'https://docs.github.com/graphql';

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

  app.post(
    '/graphql',
    bodyLimit({
      maxSize: MAX_QUERY_LENGTH * 2,
      onError: (c) => c.json({ message: 'Body too large', documentation_url: GRAPHQL_DOCS }, 413),
    }),
    async (c) => {
      const caller = identifyCaller(world.state(), c.req.header('authorization'));
      if (typeof caller === 'string')
        return c.json({ message: caller, documentation_url: GRAPHQL_DOCS }, 401);
      const body: unknown = await c.req.json().catch(() => undefined);
      if (!isRecord(body))
        return c.json({ message: 'Problems parsing JSON', documentation_url: GRAPHQL_DOCS }, 400);
      const { query, variables, operationName } = body;
      if (typeof query !== 'string' || query.length === 0)
        return c.json(
          { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
          400,
        );
      if (variables !== undefined && variables !== null && !isRecord(variables))
        return c.json({ errors: [{ message: 'Variables are invalid JSON.' }] }, 400);
      if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
        return c.json({ errors: [{ message: 'operationName must be a string.' }] }, 400);
      const answer = await runGraphql(
        world,
        caller,
        {
          query,
          variables: (variables as Record<string, unknown>) ?? {},
          operationName: operationName ?? undefined,
        },
        {
          origin: new URL(c.req.url).origin,
          storagePreview: features(c.req.header('graphql-features')).includes(
            'octoshift_github_owned_storage',
          ),
        },
      );
      return c.json(answer.body, answer.status as 200, answer.headers);
    },
  );

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
  app.all('/uploads/*', (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice('/uploads'.length) || '/';
    return world.storage().app.fetch(new Request(url, c.req.raw));
  });

  registerTargetRest(app, world);
  app.notFound((c) =>
    c.json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404),
  );
  return app;
}
