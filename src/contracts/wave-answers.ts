import { parsePlanAccountCost } from './budgets';
import { isRecord, ShapeError, type JsonRecord } from './json';
import {
  WAVE_BATCH_STATES,
  type WaveBatch,
  type WavePreview,
  type WaveState,
  type WaveSummary,
  type WaveView,
} from './waves';

/**
 * The SPA's edge for `/api/waves/*`: answers are read here, not trusted as the types of waves.ts. A body
 * that is not what the gateway promises fails with the one ShapeError.
 */
const WAVE_STATES: readonly string[] = ['running', 'paused', 'stopped', 'cancelled', 'completed'];
const BATCH_STATES: readonly string[] = WAVE_BATCH_STATES;

const OUTCOMES: readonly string[] = ['held', 'handled', 'running', 'problem'];

function malformed(what: string): ShapeError {
  return new ShapeError('ferry', `Ferry’s server sent ${what} it could not read.`);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isOwner = (value: unknown): value is WaveSummary['owner'] =>
  isRecord(value) && (value.kind === 'org' || value.kind === 'user') && typeof value.login === 'string';

function requireFields(value: unknown, what: string, check: (record: JsonRecord) => boolean): JsonRecord {
  if (!isRecord(value) || !check(value)) throw malformed(what);
  return value;
}

function parseBatch(value: unknown): WaveBatch {
  const batch = requireFields(
    value,
    'a wave batch',
    (b) =>
      isCount(b.id) &&
      isStrings(b.repos) &&
      isCount(b.sizeKb) &&
      typeof b.state === 'string' &&
      BATCH_STATES.includes(b.state) &&
      isCount(b.attempts),
  );
  return batch as unknown as WaveBatch;
}

export function parseWaveSummaries(value: unknown): WaveSummary[] {
  if (!Array.isArray(value)) throw malformed('a list of waves');
  return value.map(
    (item) =>
      requireFields(
        item,
        'a wave summary',
        (w) =>
          typeof w.id === 'string' &&
          typeof w.createdAt === 'string' &&
          typeof w.state === 'string' &&
          WAVE_STATES.includes(w.state) &&
          isOwner(w.owner) &&
          [w.repos, w.batches, w.verified, w.isolated, w.failedBatches].every(isCount) &&
          Array.isArray(w.exports) &&
          w.exports.every(
            (e) =>
              isRecord(e) &&
              isCount(e.migrationId) &&
              isCount(e.batch) &&
              typeof e.outcome === 'string' &&
              OUTCOMES.includes(e.outcome),
          ),
      ) as unknown as WaveSummary,
  );
}

export function parseWaveView(value: unknown): WaveView {
  const wave = requireFields(
    value,
    'a wave',
    (w) =>
      typeof w.id === 'string' &&
      typeof w.state === 'string' &&
      WAVE_STATES.includes(w.state) &&
      isOwner(w.owner) &&
      Array.isArray(w.batches) &&
      isStrings(w.isolated) &&
      isCount(w.requests) &&
      isRecord(w.totals) &&
      isRecord(w.progress),
  );
  return {
    ...(wave as unknown as WaveView),
    state: wave.state as WaveState,
    batches: (wave.batches as unknown[]).map(parseBatch),
  };
}

export function parseWavePreview(value: unknown): WavePreview {
  const preview = requireFields(
    value,
    'a wave preview',
    (p) =>
      [p.listed, p.selected, p.selectedSizeKb, p.estimatedSeconds].every(isCount) &&
      Array.isArray(p.batches) &&
      p.batches.every((b) => isRecord(b) && isStrings(b.repos) && isCount(b.sizeKb)) &&
      isRecord(p.requests) &&
      isCount(p.requests.total) &&
      isCount(p.requests.totalMax),
  );
  const budget = parsePlanAccountCost(preview.budget);
  return { ...preview, budget } as unknown as WavePreview;
}
