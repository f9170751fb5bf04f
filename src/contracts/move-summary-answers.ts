import { isRecord, ShapeError } from './json';
import { MOVE_STATES, type MoveSummary } from './move-run';

/**
 * `GET /api/moves` read at the SPA's edge: the moves pages and the overview both list moves, and features do not
 * import each other, so the one parser lives here. Every field a list draws from has the contract's type, or the
 * whole answer is the one ShapeError.
 */
const STATES: readonly unknown[] = MOVE_STATES;

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown) => typeof value === 'string';

const isSummary = (value: unknown) =>
  isRecord(value) &&
  isText(value.id) &&
  isText(value.createdAt) &&
  STATES.includes(value.state) &&
  isText(value.source) &&
  isText(value.target) &&
  [value.repositories, value.done, value.failed].every(isCount) &&
  (value.waveId === undefined || isText(value.waveId)) &&
  (value.trial === undefined || value.trial === true);

export function parseMoveSummaries(value: unknown): MoveSummary[] {
  if (!Array.isArray(value) || !value.every(isSummary))
    throw new ShapeError('ferry', 'Ferry’s server sent the list of moves it could not read.');
  return value as MoveSummary[];
}
