import type { Context } from 'hono';
import { isRepoName } from '@/contracts/github/names';
import { isRecord } from '@/contracts/json';
import {
  isStuckImport,
  MOVE_BULK_ACTIONS,
  MOVE_BULK_MAX_NAMES,
  type Move,
  type MoveBulkAction,
  type MoveBulkAnswer,
  type MoveBulkRequest,
} from '@/contracts/move-run';
import { gatewayError } from '@/server/gateway-error';
import { GeiRefusedError } from './gei/gei-errors';
import { MoveActionError, type MoveRunner } from './run/move-runner';
import { publicMove } from './run/public-move';

/** A refused bulk body: always 400 (the route's own shape), with the reason. */
export interface MoveBulkInvalid {
  error: string;
}

/**
 * `{ action, names }`, strictly: no other key, a known action, 1–1,000 names each one GitHub would take (a NUL, a
 * slash, 101 characters are refused before any name reaches the store). A name sent twice is acted on once.
 */
export function parseMoveBulk(body: unknown): MoveBulkRequest | MoveBulkInvalid {
  if (!isRecord(body)) return { error: 'Send { "action": …, "names": [...] }.' };
  const unknown = Object.keys(body).find((key) => key !== 'action' && key !== 'names');
  if (unknown !== undefined) return { error: `Unknown field "${unknown.slice(0, 40)}".` };
  if (!MOVE_BULK_ACTIONS.includes(body.action as MoveBulkAction))
    return { error: `action is one of ${MOVE_BULK_ACTIONS.join(', ')}.` };
  const { names } = body;
  if (!Array.isArray(names) || names.length === 0) return { error: 'names is a list of repository names.' };
  if (names.length > MOVE_BULK_MAX_NAMES)
    return { error: `At most ${MOVE_BULK_MAX_NAMES.toLocaleString('en')} names at once.` };
  if (!names.every((name): name is string => typeof name === 'string' && isRepoName(name)))
    return { error: 'Each name is a repository name GitHub would take.' };
  return { action: body.action as MoveBulkAction, names: [...new Set(names)] };
}

/** Why a name the user confirmed is no longer one this bulk action takes, before the action's own checks. */
function skipReason(move: Move, action: MoveBulkAction, name: string, at: number): string | undefined {
  const repo = move.repositories.find((found) => found.name === name);
  if (!repo) return `The move has no repository ${name}.`;
  if (action === 'abort' && !isStuckImport(repo, at, move.updatedAt))
    return `${name} is ${repo.step} and not stuck: only a stuck import is aborted all at once.`;
  if (action === 'unlock' && repo.unlockAsked) return `${name}'s unlock is already asked.`;
  return undefined;
}

/** A refusal that leaves that one repository as it was: skipped with its reason, the rest go on. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof MoveActionError) return error.message;
  if (error instanceof GeiRefusedError && error.refusal !== 'credential')
    return `GitHub says: ${error.message}`;
  return undefined;
}

/**
 * Each name through the single route's own runner call, one after the other (each writes the move). A failure
 * that is not that repository's own (a limit, a refused credential) stops the rest: thrown when nothing was done
 * yet (the route answers it as itself, 429 with `retry-after`…), else the rest skipped with its words.
 * `undefined`: no such move.
 */
export async function actOnMany(
  runner: MoveRunner,
  id: string,
  request: MoveBulkRequest,
  now: () => number = Date.now,
): Promise<MoveBulkAnswer | undefined> {
  let move = await runner.get(id);
  if (!move) return undefined;
  const acted: string[] = [];
  const skipped: MoveBulkAnswer['skipped'] = [];
  for (const [index, name] of request.names.entries()) {
    const why = skipReason(move, request.action, name, now());
    if (why !== undefined) {
      skipped.push({ name, reason: why });
      continue;
    }
    try {
      move = (await runner[request.action](id, name)) ?? move;
      acted.push(name);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== undefined) {
        skipped.push({ name, reason: refusal });
        continue;
      }
      if (acted.length === 0) throw error;
      const words = error instanceof Error ? error.message : String(error);
      for (const rest of request.names.slice(index))
        skipped.push({ name: rest, reason: `Not tried: ${words}` });
      break;
    }
  }
  const latest = (await runner.get(id)) ?? move;
  return { move: publicMove(latest), acted, skipped };
}

/** `POST /api/moves/{id}/repositories/bulk`: JSON only, the strict body (else 400), the move's 404, `answerFailure`. */
export async function bulkAnswer(
  c: Context,
  runner: MoveRunner,
  id: string | undefined,
  answerFailure: (c: Context, error: unknown) => Response,
) {
  if (!id) return gatewayError(c, 404, 'No such move.', 'NOT_FOUND');
  if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? ''))
    return gatewayError(c, 415, 'Send the names as application/json.', 'UNSUPPORTED_MEDIA_TYPE');
  const body: unknown = await c.req.json().catch(() => undefined);
  if (body === undefined) return gatewayError(c, 400, 'The body is not JSON.', 'BAD_JSON');
  const request = parseMoveBulk(body);
  if ('error' in request) return gatewayError(c, 400, request.error, 'INVALID');
  try {
    const answer = await actOnMany(runner, id, request);
    return answer ? c.json(answer) : gatewayError(c, 404, 'No such move.', 'NOT_FOUND');
  } catch (error) {
    return answerFailure(c, error);
  }
}
