import { Hono, type Context } from 'hono';
import { isRepoName } from '@/contracts/github/names';
import { isRecord } from '@/contracts/json';
import { AFTER_VALIDATION, type AfterValidation, type MoveStartRequest } from '@/contracts/move-run';
import { gatewayError } from '@/server/gateway-error';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { CredentialRefusedError, RateLimitedError } from '@/server/waves/github-client';
import { WaveInputError } from '@/server/waves/wave-input-error';
import { bulkAnswer } from './bulk-actions';
import { GeiRefusedError } from './gei/gei-errors';
import { githubFault } from './github-fault';
import { MoveForbiddenError, MoveInputError } from './move-input-error';
import { isMoveInvalid, parseMoveRequest, type MoveInvalid } from './move-request';
import { actorOf } from '@/server/audit/actor';
import { ownWorkOnly, selfServiceRepositories } from '@/server/auth/write-access';
import type { Mover } from './mover';
import { moveLogAnswer } from './run/move-log';
import { moveManifestCsv } from './run/move-manifest';
import { MoveActionError, type MoveRunner } from './run/move-runner';
import { publicMove } from './run/public-move';
import {
  TargetCredentialError,
  TargetGraphqlError,
  TargetRateLimitedError,
  TargetUnavailableError,
} from './target-errors';

/**
 * `/api/moves/*` (shapes in src/contracts/moves.ts). Mounted under /api, so the gateway's Host, Origin,
 * Sec-Fetch-Site and body-size checks apply; here: JSON only, the strict request parser, and every failure of
 * either GitHub answered as itself (4xx for what the user can fix, 429/503 with `retry-after` for limits).
 */
const MOVE_ID = /^[a-z0-9-]{1,64}$/;

/** A cancel's body: none, or `{ keepLocked: boolean }` (strict: anything else is refused). */
async function cancelChoiceOf(
  c: Context,
): Promise<{ keepLocked?: boolean } | { error: string; status: 400 | 415 | 422; code: string }> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? ''))
    return { error: 'Send the choice as application/json.', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: 'The body is not JSON.', status: 400, code: 'BAD_JSON' };
  }
  if (!isRecord(body) || Object.keys(body).some((key) => key !== 'keepLocked'))
    return { error: 'A cancel takes only { "keepLocked": true | false }.', status: 422, code: 'INVALID' };
  if (body.keepLocked !== undefined && typeof body.keepLocked !== 'boolean')
    return { error: 'keepLocked must be true or false.', status: 422, code: 'INVALID' };
  return body.keepLocked === undefined ? {} : { keepLocked: body.keepLocked };
}

/** `POST /api/moves`: the preview's request, read by the same strict parser, plus `afterValidation`. */
export function parseMoveStart(body: unknown): MoveStartRequest | MoveInvalid {
  if (!isRecord(body)) return { error: 'Send a JSON object.', status: 400, code: 'BAD_JSON' };
  const { afterValidation, trial, keepTrial, inventory, ...plan } = body;
  const invalid = (error: string): MoveInvalid => ({ error, status: 422, code: 'INVALID' });
  if (afterValidation !== undefined && !AFTER_VALIDATION.includes(afterValidation as AfterValidation))
    return invalid(`afterValidation is one of ${AFTER_VALIDATION.join(', ')}.`);
  if (trial !== undefined && typeof trial !== 'boolean') return invalid('trial is true or false.');
  if (keepTrial !== undefined && typeof keepTrial !== 'boolean')
    return invalid('keepTrial is true or false.');
  if (keepTrial === true && trial !== true) return invalid('keepTrial is for a trial move (trial: true).');
  if (inventory !== undefined && typeof inventory !== 'boolean' && inventory !== 'refresh')
    return invalid('inventory is true, false or "refresh".');
  // A trial never unlocks or archives its sources (it never locked them): another choice is a contradiction.
  if (trial === true && afterValidation !== undefined && afterValidation !== 'unlock')
    return invalid('A trial move leaves its sources as they are: afterValidation is not for a trial.');
  const request = parseMoveRequest(plan);
  if (isMoveInvalid(request)) return request;
  return {
    ...request,
    ...(afterValidation === undefined ? {} : { afterValidation: afterValidation as AfterValidation }),
    ...(trial === true ? { trial: true, ...(keepTrial === true ? { keepTrial: true } : {}) } : {}),
    ...(inventory === undefined || inventory === false ? {} : { inventory: inventory }),
  };
}

/** Each failure of either GitHub answered as itself (a 4xx the user can fix, 429/503 with `retry-after`). */
function answerFailure(c: Context, error: unknown) {
  if (error instanceof MoveForbiddenError) return gatewayError(c, 403, error.message, 'FORBIDDEN');
  if (error instanceof MoveInputError || error instanceof WaveInputError)
    return gatewayError(c, 422, error.message, 'INVALID');
  if (error instanceof CredentialRefusedError)
    return gatewayError(
      c,
      403,
      `GitHub refused the source credential: ${error.message}`,
      'CREDENTIAL_REFUSED',
    );
  if (error instanceof TargetCredentialError)
    return gatewayError(c, 403, error.message, 'TARGET_CREDENTIAL_REFUSED');
  if (error instanceof RateLimitedError)
    return githubFault(c, 429, error.message, 'RATE_LIMITED', {
      side: 'source',
      retryAfterSeconds: (error.until - Date.now()) / 1000,
    });
  if (error instanceof TargetRateLimitedError)
    return githubFault(c, 429, `The target says: ${error.message}`, 'TARGET_RATE_LIMITED', {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  // GEI's SERVICE_UNAVAILABLE: the importer's outage, answered as GitHub's 503.
  if (error instanceof TargetUnavailableError)
    return githubFault(c, 503, `The target says: ${error.message}`, 'TARGET_UNAVAILABLE', {
      side: 'target',
      retryAfterSeconds: 60,
    });
  if (error instanceof TargetGraphqlError)
    return githubFault(c, 502, `The target answered: ${error.message}`, 'UPSTREAM_ERROR', {
      side: 'target',
    });
  if (error instanceof UpstreamFailureError) {
    const { status, message, code, ...whose } = error.failure;
    return githubFault(c, status, message, code, whose);
  }
  throw error;
}

/** `archiveDir` (`ARCHIVE_DIR`): a saved log is served only from inside it. */
export function createMoveRoutes(mover: Mover, runner?: MoveRunner, options: { archiveDir?: string } = {}) {
  const app = new Hono();

  app.get('/target', (c) => c.json(mover.target()));
  app.post('/preview', async (c) => {
    if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? ''))
      return gatewayError(c, 415, 'Send the plan as application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return gatewayError(c, 400, 'The body is not JSON.', 'BAD_JSON');
    // The start's own fields: `afterValidation: archive` adds the right-to-archive check to the pre-flight.
    const request = parseMoveStart(body);
    if (isMoveInvalid(request)) return gatewayError(c, request.status, request.error, request.code);
    try {
      return c.json(await mover.preview(request, undefined, selfServiceRepositories(c)));
    } catch (error) {
      return answerFailure(c, error);
    }
  });

  if (!runner) {
    app.all('*', (c) =>
      c.json(
        { message: 'Ferry’s store is not open: moves cannot run.', code: 'NO_STORE', source: 'gateway' },
        503,
      ),
    );
    return app;
  }
  const running = runner;
  const notFound = (c: Context) => gatewayError(c, 404, 'No such move.', 'NOT_FOUND');
  /** The id in the path, when it is one Ferry makes (a NUL, a slash or 200 characters never reach the store). */
  const idOf = (c: Context) => {
    const id = c.req.param('id') ?? '';
    return MOVE_ID.test(id) ? id : undefined;
  };
  const nameOf = (c: Context) => {
    const name = c.req.param('name') ?? '';
    return isRepoName(name) ? name : undefined;
  };

  app.use(
    '/:id/*',
    ownWorkOnly('move', async (id) => (MOVE_ID.test(id) ? running.get(id) : undefined)),
  );
  app.post('/', async (c) => {
    if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? ''))
      return gatewayError(c, 415, 'Send the move as application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return gatewayError(c, 400, 'The body is not JSON.', 'BAD_JSON');
    const request = parseMoveStart(body);
    if (isMoveInvalid(request)) return gatewayError(c, request.status, request.error, request.code);
    try {
      const by = { actor: actorOf(c), only: selfServiceRepositories(c) };
      return c.json(publicMove(await running.create(request, by)), 201);
    } catch (error) {
      return answerFailure(c, error);
    }
  });
  app.get('/', async (c) => c.json(await running.list()));
  app.get('/:id', async (c) => {
    const id = idOf(c);
    const move = id ? await running.get(id) : undefined;
    return move ? c.json(publicMove(move)) : notFound(c);
  });
  // Cancel takes the one choice it has as an optional JSON body: `{ "keepLocked": true }` keeps the sources it
  // locked locked; no body (or false) unlocks them.
  app.post('/:id/cancel', async (c) => {
    const id = idOf(c);
    if (!id) return notFound(c);
    const choice = await cancelChoiceOf(c);
    if ('error' in choice) return gatewayError(c, choice.status, choice.error, choice.code);
    const move = await running.cancel(id, choice);
    return move ? c.json(publicMove(move)) : notFound(c);
  });
  for (const action of ['pause', 'resume'] as const)
    app.post(`/:id/${action}`, async (c) => {
      const id = idOf(c);
      const move = id ? await running[action](id) : undefined;
      return move ? c.json(publicMove(move)) : notFound(c);
    });
  for (const action of ['retry', 'abort', 'unlock'] as const)
    app.post(`/:id/repositories/:name/${action}`, async (c) => {
      const id = idOf(c);
      const name = nameOf(c);
      if (!id) return notFound(c);
      if (!name) return gatewayError(c, 404, 'The move has no such repository.', 'NOT_FOUND');
      try {
        const move = await running[action](id, name);
        return move ? c.json(publicMove(move)) : notFound(c);
      } catch (error) {
        // GitHub would not abort it (it ended meanwhile, say): its words, and the move unchanged.
        if (error instanceof GeiRefusedError && error.refusal !== 'credential')
          return gatewayError(c, 409, `GitHub says: ${error.message}`, 'CONFLICT');
        if (error instanceof MoveActionError)
          return gatewayError(
            c,
            error.status,
            error.message,
            error.status === 404 ? 'NOT_FOUND' : 'CONFLICT',
          );
        return answerFailure(c, error);
      }
    });
  // Many at once (issue 48): one action over the names the user confirmed, each through its single route's call.
  app.post('/:id/repositories/bulk', (c) => bulkAnswer(c, running, idOf(c), answerFailure));
  // The migration log saved beside the archive: the file the move's record names, never one the URL does.
  app.get('/:id/repositories/:name/log', async (c) => {
    const id = idOf(c);
    const move = id ? await running.get(id) : undefined;
    return move ? moveLogAnswer(c, move, nameOf(c), options.archiveDir) : notFound(c);
  });
  app.get('/:id/manifest', async (c) => {
    const id = idOf(c);
    const rows = id ? await running.manifest(id, options.archiveDir) : undefined;
    if (!rows || !id) return notFound(c);
    return c.json(rows, 200, { 'content-disposition': `attachment; filename="move-${id}-manifest.json"` });
  });
  app.get('/:id/manifest.csv', async (c) => {
    const id = idOf(c);
    const rows = id ? await running.manifest(id, options.archiveDir) : undefined;
    if (!rows || !id) return notFound(c);
    return c.body(moveManifestCsv(rows), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="move-${id}-manifest.csv"`,
    });
  });
  return app;
}
