import { readRateLimitPause } from '@/contracts/github/http';
import { isRecord, isShapeError } from '@/contracts/json';
/**
 * One error type for both upstreams and the gateway. Everything the UI needs to explain a failure
 * (what happened, whether retrying helps, when a rate limit lifts, which form field is wrong) lives here.
 */
export type Upstream = 'github' | 'registrar' | 'gateway';

export type ApiErrorKind =
  | 'http' // an error status with a parsed body
  | 'network' // the request never got an answer
  | 'timeout'
  | 'rate-limited' // GitHub primary limit: x-ratelimit-remaining is 0
  | 'secondary-rate-limited' // GitHub secondary limit: wait retry-after
  | 'registrar' // registrar {status: "ERROR"} envelope, whatever the HTTP status
  | 'malformed'; // an answer we could not read

export interface FieldError {
  field?: string;
  code: string;
  message?: string;
  resource?: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  upstream: Upstream;
  message: string;
  status?: number;
  code?: string;
  documentationUrl?: string;
  fieldErrors?: FieldError[];
  /** Epoch milliseconds when waiting is over (rate limits). */
  retryAt?: number;
  requestId?: string;
  /** The HTTP status GitHub answered, when the gateway relays GitHub's fault under another (a 503 as a 502). */
  upstreamStatus?: number;
  /** A move's GitHub the fault is at, when the gateway says: the source, or the target (its importer). */
  side?: 'source' | 'target';
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly upstream: Upstream;
  readonly status?: number;
  readonly code?: string;
  readonly documentationUrl?: string;
  readonly fieldErrors: FieldError[];
  readonly retryAt?: number;
  readonly requestId?: string;
  readonly upstreamStatus?: number;
  readonly side?: 'source' | 'target';

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.upstream = init.upstream;
    this.status = init.status;
    this.code = init.code;
    this.documentationUrl = init.documentationUrl;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAt = init.retryAt;
    this.requestId = init.requestId;
    this.upstreamStatus = init.upstreamStatus;
    this.side = init.side;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No limit GitHub or the registrar sets lasts longer than a day: a wait beyond that is a garbled header. */
const LONGEST_WAIT_MS = 86_400_000;

function within(now: number, at: number): number {
  return Math.min(Math.max(at, now), now + LONGEST_WAIT_MS);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function fieldErrorsOf(body: Record<string, unknown> | undefined): FieldError[] {
  const errors = body?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item): FieldError[] => {
    if (typeof item === 'string') return [{ code: 'custom', message: item }];
    const record = asRecord(item);
    if (!record) return [];
    return [
      {
        code: text(record.code) ?? 'invalid',
        field: text(record.field),
        message: text(record.message),
        resource: text(record.resource),
      },
    ];
  });
}

/**
 * Whose trouble an answer of the gateway's is: `upstream: 'github'` (src/server/moves/routes.ts) marks GitHub's
 * fault relayed by the gateway, with the status GitHub answered and the move's side when known.
 */
function relayedFault(
  upstream: Upstream,
  record: Record<string, unknown> | undefined,
): Pick<ApiErrorInit, 'upstream' | 'upstreamStatus' | 'side'> {
  if (upstream !== 'gateway' || record?.upstream !== 'github') return { upstream };
  const status = record.upstreamStatus;
  const side = record.side;
  return {
    upstream: 'github',
    ...(typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599
      ? { upstreamStatus: status }
      : {}),
    ...(side === 'source' || side === 'target' ? { side } : {}),
  };
}

/**
 * Normalise an HTTP answer that is an error (or a registrar ERROR envelope) into an ApiError.
 * `now` (this machine's clock) is injected so the rate-limit arithmetic stays testable; `clockOffsetMs` is the
 * upstream's clock minus this one, used when the answer has no `Date`. Every `retryAt` is on this machine's clock.
 */
export function errorFromResponse(
  upstream: Upstream,
  status: number,
  headers: Headers,
  body: unknown,
  now: number = Date.now(),
  clockOffsetMs = 0,
): ApiError {
  const record = asRecord(body);
  const message = text(record?.message);
  const requestId = headers.get('x-github-request-id') ?? headers.get('x-request-id') ?? undefined;
  const documentationUrl = text(record?.documentation_url);

  if (upstream === 'registrar' && record?.status === 'ERROR') {
    const ttl = Number(record.ttlRemaining);
    return new ApiError({
      kind: 'registrar',
      upstream,
      status,
      message: message ?? 'The registrar reported an error.',
      code: text(record.code),
      requestId: text(record.requestId) ?? requestId,
      retryAt: Number.isFinite(ttl) && ttl > 0 ? within(now, now + ttl * 1000) : undefined,
    });
  }

  const whose = relayedFault(upstream, record);
  const pause = readRateLimitPause(status, headers, message);
  if (pause?.kind === 'secondary') {
    return new ApiError({
      kind: 'secondary-rate-limited',
      ...whose,
      status,
      message: message ?? 'You have exceeded a secondary rate limit.',
      documentationUrl,
      requestId,
      retryAt: within(now, now + pause.waitMs),
    });
  }
  if (pause?.kind === 'primary') {
    // The reset is on the upstream's clock: measure the wait against its `Date` (or the skew seen so far),
    // then place it on this browser's clock. Clocks drift, and a simulator's can be hours ahead.
    const date = Date.parse(headers.get('date') ?? '');
    const upstreamNow = Number.isFinite(date) ? date : now + clockOffsetMs;
    return new ApiError({
      kind: 'rate-limited',
      ...whose,
      status,
      message: message ?? 'API rate limit exceeded.',
      documentationUrl,
      requestId,
      retryAt:
        pause.resetAtMs !== undefined
          ? within(now, now + (pause.resetAtMs - upstreamNow) + 1000)
          : now + 60_000,
    });
  }

  return new ApiError({
    kind: record ? 'http' : 'malformed',
    ...whose,
    status,
    message: message ?? `The server answered HTTP ${status}.`,
    code: text(record?.code),
    documentationUrl,
    fieldErrors: fieldErrorsOf(record),
    requestId,
  });
}

const SHAPE_UPSTREAM = { github: 'github', registrar: 'registrar', ferry: 'gateway' } as const;

/**
 * Any failure as the one error type pages show: an answer a contract parser could not read (`ShapeError`)
 * becomes `malformed` from its sender; anything else unexpected is a `malformed` answer of Ferry's server.
 */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isShapeError(error))
    return new ApiError({
      kind: 'malformed',
      upstream: SHAPE_UPSTREAM[error.source],
      message: error.message,
    });
  return new ApiError({
    kind: 'malformed',
    upstream: 'gateway',
    message: error instanceof Error ? error.message : 'Something went wrong.',
  });
}
