import { OutboundLimitError } from './bounded-fetch';

/**
 * How the gateway answers a call of its own to an upstream that failed, whoever made it (the forwarder, the
 * wave routes, ...): one mapping, so a browser reads the same code for the same fault everywhere.
 * `connect`: no answer came (refused, reset, no header in time); `body`: the answer broke off or was cut.
 */
export interface UpstreamFailure {
  status: 502 | 504;
  message: string;
  code:
    | 'UPSTREAM_UNREACHABLE'
    | 'UPSTREAM_TIMEOUT'
    | 'UPSTREAM_TOO_LARGE'
    | 'UPSTREAM_CUT'
    | 'UPSTREAM_NOT_JSON'
    | 'UPSTREAM_ERROR';
  /** The HTTP status the upstream answered with, when it answered (a 503 of GitHub's, answered as a 502). */
  upstreamStatus?: number;
  /** A move's: which GitHub failed, the source or the target (the importer's), when the caller knows. */
  side?: 'source' | 'target';
}

export type UpstreamPhase = 'connect' | 'body';

export function upstreamFailure(error: unknown, phase: UpstreamPhase): UpstreamFailure {
  if (!(error instanceof OutboundLimitError)) {
    return phase === 'connect'
      ? { status: 502, message: 'The upstream could not be reached.', code: 'UPSTREAM_UNREACHABLE' }
      : { status: 502, message: 'The upstream’s answer broke off.', code: 'UPSTREAM_CUT' };
  }
  const seconds = error.limit / 1000;
  switch (error.bound) {
    case 'size':
      return {
        status: 502,
        message: `The upstream’s answer is larger than ${formatBytes(error.limit)}; Ferry does not read answers that large.`,
        code: 'UPSTREAM_TOO_LARGE',
      };
    default: {
      // No header in time is the same fault whichever bound cut it; a body is cut by its total or its stall.
      const what =
        phase === 'connect'
          ? `did not answer within ${seconds} s`
          : error.bound === 'total'
            ? `took longer than ${seconds} s to send its answer`
            : `stopped sending its answer for ${seconds} s`;
      return { status: 504, message: `The upstream ${what}.`, code: 'UPSTREAM_TIMEOUT' };
    }
  }
}

/** An upstream answered something that is not JSON (a proxy's HTML error page, a login wall). */
export const notJson = (status: number): UpstreamFailure => ({
  status: 502,
  message: `The upstream answered HTTP ${status} without a JSON body.`,
  code: 'UPSTREAM_NOT_JSON',
  upstreamStatus: status,
});

/** An upstream answered JSON, but not what the call needs (its own error, a 5xx): its words, bounded. */
export const upstreamError = (status: number, message: string | undefined): UpstreamFailure => ({
  status: 502,
  message: `The upstream answered HTTP ${status}${message ? `: ${message.slice(0, 200)}` : ''}.`,
  code: 'UPSTREAM_ERROR',
  upstreamStatus: status,
});

/** An upstream handed back a URL (a `Link`, a `Location`) that Ferry does not send to: nothing was sent there. */
export const refusedUrl = (reason: string): UpstreamFailure => ({
  status: 502,
  message: `The upstream pointed Ferry at an address it does not send to (${reason}).`,
  code: 'UPSTREAM_ERROR',
});

/** A failure met deep in a caller (a GitHub client), carried up to the route that answers it. */
export class UpstreamFailureError extends Error {
  override name = 'UpstreamFailureError';
  constructor(readonly failure: UpstreamFailure) {
    super(failure.message);
  }
}

/** `error` said to be the `side` GitHub's failure (a move's source or target), unless it already names one. */
export function onSide(error: unknown, side: 'source' | 'target'): unknown {
  return error instanceof UpstreamFailureError && error.failure.side === undefined
    ? new UpstreamFailureError({ ...error.failure, side })
    : error;
}

/** Run one phase of an upstream call; whatever it throws comes out as the gateway's upstream failure. */
export async function failingAs<T>(phase: UpstreamPhase, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new UpstreamFailureError(upstreamFailure(error, phase));
  }
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
