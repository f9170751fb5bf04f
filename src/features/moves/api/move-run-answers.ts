import { isRecord, ShapeError, type JsonRecord } from '@/contracts/json';
import {
  AFTER_VALIDATION,
  MOVE_REPOSITORY_STEPS,
  MOVE_STATES,
  type Move,
  type MoveBulkAnswer,
} from '@/contracts/move-run';

/**
 * The watch pages' edge for `GET /api/moves` and `GET /api/moves/{id}`: a body is read only once every field
 * the pages draw from has the contract's type (src/contracts/move-run.ts). Anything else is the one ShapeError.
 */
const malformed = (what: string) => new ShapeError('ferry', `Ferry’s server sent ${what} it could not read.`);

const STATES: readonly unknown[] = MOVE_STATES;
const STEPS: readonly unknown[] = MOVE_REPOSITORY_STEPS;

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown) => typeof value === 'string';
const optional = (value: unknown, check: (item: unknown) => boolean) => value === undefined || check(value);
const isSideValue = (value: unknown) =>
  value === null || isText(value) || (typeof value === 'number' && Number.isFinite(value));

const isDifference = (value: unknown) =>
  isRecord(value) &&
  isText(value.field) &&
  isSideValue(value.source) &&
  isSideValue(value.archive) &&
  isSideValue(value.target);

const isValidation = (value: unknown) =>
  isRecord(value) &&
  (value.result === 'passed' || value.result === 'failed') &&
  Array.isArray(value.differences) &&
  value.differences.every(isDifference) &&
  optional(value.reason, isText);

const isLock = (value: unknown) => value === 'locked' || value === 'unlocked';

function isRepository(value: unknown): value is JsonRecord {
  if (!isRecord(value)) return false;
  const { archive, upload, migration } = value;
  return (
    isText(value.name) &&
    isText(value.targetName) &&
    isText(value.visibility) &&
    STEPS.includes(value.step) &&
    optional(archive, (a) => isRecord(a) && isCount(a.bytes) && isText(a.sha256)) &&
    optional(upload, (u) => isRecord(u) && optional(u.bytesSent, isCount)) &&
    optional(
      migration,
      (m) =>
        isRecord(m) &&
        optional(m.id, isText) &&
        optional(m.failureReason, isText) &&
        optional(m.state, isText) &&
        optional(m.logFile, isText),
    ) &&
    optional(value.validation, isValidation) &&
    optional(value.sourceLock, isLock) &&
    optional(value.sourceArchived, (archived) => archived === true) &&
    optional(value.trialDeleted, (deleted) => deleted === true) &&
    optional(value.error, isText)
  );
}

const isRequests = (value: unknown) =>
  isRecord(value) && isCount(value.source) && isCount(value.target) && isCount(value.targetPoints);

const isWaiting = (value: unknown) =>
  isRecord(value) &&
  isText(value.until) &&
  !Number.isNaN(Date.parse(value.until)) &&
  isText(value.reason) &&
  optional(value.for, isText);

const isMoment = (value: unknown) => isText(value) && !Number.isNaN(Date.parse(value));
const isEstimate = (value: unknown) =>
  isRecord(value) &&
  isMoment(value.finishAt) &&
  isMoment(value.low) &&
  isMoment(value.high) &&
  isRecord(value.basis) &&
  (value.basis.method === 'finish-pace' || value.basis.method === 'step-progress') &&
  isCount(value.basis.finished) &&
  isCount(value.basis.remaining) &&
  optional(value.basis.paceMs, isCount) &&
  optional(value.basis.importMs, isCount) &&
  optional(value.basis.progress, (share) => typeof share === 'number' && share >= 0 && share <= 1);
const isTrial = (value: unknown) =>
  isRecord(value) && isText(value.suffix) && typeof value.keep === 'boolean';

export function parseMove(value: unknown): Move {
  if (
    !isRecord(value) ||
    !isText(value.id) ||
    !isText(value.createdAt) ||
    !STATES.includes(value.state) ||
    !isRecord(value.source) ||
    !isText(value.source.login) ||
    !isRecord(value.target) ||
    !isText(value.target.login) ||
    !(AFTER_VALIDATION as readonly unknown[]).includes(value.afterValidation) ||
    !Array.isArray(value.repositories) ||
    !value.repositories.every(isRepository) ||
    !isRequests(value.requests) ||
    !optional(value.error, isText) ||
    !optional(value.waiting, isWaiting) ||
    !optional(value.estimate, isEstimate) ||
    !optional(value.trial, isTrial)
  )
    throw malformed('a move');
  return value as unknown as Move;
}

const isSkip = (value: unknown) => isRecord(value) && isText(value.name) && isText(value.reason);

/** `POST /api/moves/{id}/repositories/bulk`: the move after, the names acted on, the names skipped and why. */
export function parseMoveBulkAnswer(value: unknown): MoveBulkAnswer {
  if (
    !isRecord(value) ||
    !Array.isArray(value.acted) ||
    !value.acted.every(isText) ||
    !Array.isArray(value.skipped) ||
    !value.skipped.every(isSkip)
  )
    throw malformed('an answer to many at once');
  return {
    move: parseMove(value.move),
    acted: value.acted,
    skipped: value.skipped as MoveBulkAnswer['skipped'],
  };
}

/** The list's parser is shared with the overview (src/contracts). */
export { parseMoveSummaries } from '@/contracts/move-summary-answers';
