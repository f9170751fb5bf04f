import { isShapeError } from '@/contracts/json';
import { ApiError, isApiError } from '@/lib/api-error';
import { describeError, type ErrorDescription } from '@/lib/describe-error';
import { formatClockTime } from '@/lib/format';

export type LookupErrorKind = 'unknown-tld' | 'bad-keys' | 'throttled' | 'network' | 'unreadable' | 'other';

export interface LookupErrorDescription extends ErrorDescription {
  kind: LookupErrorKind;
  requestId?: string;
}

const KEY_CODES = new Set([
  'API_KEY_REQUIRED',
  'INVALID_API_KEYS_001',
  'INVALID_API_KEYS_002',
  'MISSING_SECRETAPIKEY',
  'INVALID_TOKEN',
  'INVALID_USER',
  'IP_NOT_ALLOWED',
]);

/** Each way a requirements lookup fails, in words a person can act on. */
export function describeLookupError(error: unknown, tld: string): LookupErrorDescription {
  if (isShapeError(error)) {
    return {
      kind: 'unreadable',
      title: 'The registrar’s answer could not be read',
      detail: `The answer for .${tld} is not shaped as expected: ${error.message}.`,
      hint: 'Retry; if it persists, the registrar may have changed its interface.',
    };
  }
  const apiError = isApiError(error)
    ? error
    : new ApiError({ kind: 'malformed', upstream: 'registrar', message: String(error) });
  const requestId = apiError.requestId;
  const code = apiError.code;
  if (code === 'INVALID_TLD') {
    return {
      kind: 'unknown-tld',
      requestId,
      title: `The registrar does not offer .${tld}`,
      detail: `It answered “${apiError.message}” (${code}).`,
      hint: 'Check the spelling and type only the TLD, for example com, ca or co.uk.',
    };
  }
  if (code && KEY_CODES.has(code)) {
    return {
      kind: 'bad-keys',
      requestId,
      title: 'The registrar refused Ferry’s API keys',
      detail: `It answered “${apiError.message}” (${code}).`,
      hint: 'Set PORKBUN_API_KEY and PORKBUN_SECRET_API_KEY where Ferry’s server runs (never in the browser) and restart it; the Connection page tests them.',
    };
  }
  if (code === 'RATE_LIMIT_EXCEEDED' || apiError.status === 503 || apiError.status === 429) {
    return {
      kind: 'throttled',
      requestId,
      title: 'The registrar is throttling requests',
      detail: `Too many requests arrived in a short time (${apiError.message}).`,
      hint: apiError.retryAt
        ? `Ferry spaces its requests and retries after ${formatClockTime(apiError.retryAt)}; you can also retry then.`
        : 'Ferry spaces its requests; wait a few seconds and retry.',
    };
  }
  if (
    apiError.kind === 'network' ||
    apiError.kind === 'timeout' ||
    code === 'UPSTREAM_UNREACHABLE' ||
    code === 'UPSTREAM_TIMEOUT'
  ) {
    return {
      kind: 'network',
      requestId,
      title: code?.startsWith('UPSTREAM')
        ? 'The registrar could not be reached'
        : 'Cannot reach Ferry’s server',
      detail: apiError.message,
      hint: 'Check the network connection (and that Ferry is running), then retry.',
    };
  }
  return { kind: 'other', requestId, ...describeError(apiError) };
}
