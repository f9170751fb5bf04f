/**
 * The guards every parser in `src/contracts` starts from: answers arrive as `unknown` and are narrowed here,
 * at the edge, once.
 */
export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function finiteNumberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Epoch milliseconds of an ISO date string, or undefined when it is not one. */
export function timeOf(value: unknown): number | undefined {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Who sent the answer that could not be read. */
export type ShapeSource = 'github' | 'registrar' | 'ferry';

/**
 * The one "this answer is not shaped as promised" error. The SPA turns it into its `ApiError` of kind
 * `malformed` (src/lib/api-error.ts `toApiError`); the gateway treats it as an upstream failure.
 */
export class ShapeError extends Error {
  override name = 'ShapeError';
  constructor(
    readonly source: ShapeSource,
    message: string,
  ) {
    super(message);
  }
}

export function isShapeError(value: unknown): value is ShapeError {
  return value instanceof ShapeError;
}
