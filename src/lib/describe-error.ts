import type { ApiError } from './api-error';
import { formatClockTime } from './format';

export interface ErrorDescription {
  title: string;
  detail: string;
  /** What the person can do about it. */
  hint: string;
}

const UPSTREAM_NAME = { github: 'GitHub', registrar: 'The registrar', gateway: 'Ferry’s server' } as const;

/** Turn an ApiError into words a person understands. Pure, so every branch is unit-tested. */
export function describeError(error: ApiError): ErrorDescription {
  // A move's target is GitHub's importer (GEI): its fault is said to be the importer's, not Ferry's.
  const who =
    error.upstream === 'github' && error.side === 'target'
      ? 'GitHub’s importer'
      : UPSTREAM_NAME[error.upstream];
  const upstreamMessage = error.message;
  switch (error.kind) {
    case 'network':
      return {
        title: 'Cannot reach the server',
        detail: 'The request got no answer. The network or Ferry’s server may be down.',
        hint: 'Check that Ferry is still running, then retry.',
      };
    case 'timeout':
      return {
        title: 'The request timed out',
        detail: `${who} took too long to answer.`,
        hint: 'Retry in a moment.',
      };
    case 'rate-limited':
      return {
        title: 'Rate limit exhausted',
        detail: upstreamMessage,
        hint: error.retryAt
          ? `The limit lifts at ${formatClockTime(error.retryAt)}; Ferry pauses until then.`
          : 'Wait for the limit to reset.',
      };
    case 'secondary-rate-limited':
      return {
        title: 'Slow down: secondary rate limit',
        detail: upstreamMessage,
        hint: error.retryAt
          ? `Wait until ${formatClockTime(error.retryAt)} before trying again.`
          : 'Wait a minute before trying again.',
      };
    case 'registrar':
      return {
        title: error.code ? `The registrar refused (${error.code})` : 'The registrar refused',
        detail: upstreamMessage,
        hint: error.retryAt
          ? `Try again after ${formatClockTime(error.retryAt)}.`
          : 'Check the input and retry.',
      };
    case 'malformed':
      return {
        title: `${who} sent an answer Ferry could not read`,
        detail: upstreamMessage,
        hint: 'Retry; if it persists, the upstream may be misconfigured.',
      };
    case 'http':
      return describeStatus(error, who);
  }
}

function describeStatus(error: ApiError, who: string): ErrorDescription {
  const detail = error.message;
  switch (error.status) {
    case 401:
      return {
        title: 'Not signed in',
        detail,
        hint:
          error.code === 'SIGN_IN_REQUIRED'
            ? 'Your session ended: sign in with GitHub again.'
            : 'The configured token is missing, expired or revoked. Set a valid GITHUB_TOKEN and restart Ferry.',
      };
    case 403:
      // Ferry's own refusal by role (a signed-in person's): the token is not the matter.
      if (error.code === 'FORBIDDEN')
        return {
          title: 'Permission denied',
          detail,
          hint: 'Your role comes from GitHub: ask an owner of the source organization if you need more.',
        };
      return {
        title: 'Permission denied',
        detail,
        hint: 'The token lacks the permission or scope this needs.',
      };
    case 404:
      return {
        title: 'Not found',
        detail,
        hint: 'Check the name. GitHub also answers 404 when you may not see a resource.',
      };
    case 410:
      return {
        title: 'Gone: retired on this server',
        detail,
        hint: `${who} no longer offers this operation; retrying will not help.`,
      };
    case 422:
      return {
        title: 'The request was rejected',
        detail,
        // Only fields the answer names are highlighted; without them the message above says what to change.
        hint: error.fieldErrors?.some((field) => field.field)
          ? 'Correct the highlighted fields and retry.'
          : 'Change what the message names and retry.',
      };
    case 504:
      return { title: 'The upstream timed out', detail, hint: 'Retry in a moment.' };
    default:
      if (error.status !== undefined && error.status >= 500) {
        // GitHub's own status when the gateway relays its fault under another (its 503 as a 502).
        const status =
          error.upstreamStatus !== undefined && error.upstreamStatus >= 500
            ? error.upstreamStatus
            : error.status;
        const relayed =
          error.upstream === 'github' && (error.side !== undefined || error.upstreamStatus !== undefined);
        return {
          title:
            status === 503 && error.side === 'target'
              ? `${who} is unavailable (HTTP 503)`
              : `${who} is having trouble (HTTP ${status})`,
          detail,
          hint: relayed ? 'The trouble is GitHub’s, not Ferry’s: retry in a minute.' : 'Retry in a moment.',
        };
      }
      return {
        title: `Request failed (HTTP ${error.status ?? '?'})`,
        detail,
        hint: 'Retry, or check the input.',
      };
  }
}
