/**
 * The one way the gateway calls out (forwarding, the wave runner's GitHub client, archive storage, the
 * registrar cache): every call is bounded four ways, so no upstream can hold a request, a socket or memory
 * for ever.
 *
 * - `headersMs`: the answer's headers must arrive within this;
 * - `idleMs`: once the body flows, no gap between two chunks may be longer (a stall);
 * - `totalMs`: the whole exchange, headers to last byte, ends by then (a drip that never goes idle);
 * - `maxBytes`: decoded body bytes (fetch inflates gzip first: a small bomb is cut at the cap, not inflated).
 *
 * Every timer is cleared as soon as the exchange ends: a pending timer keeps the request, its context and its
 * answer reachable until it fires, which under load once held hundreds of MB.
 */
export type UpstreamFetch = (request: Request) => Promise<Response>;

export interface OutboundBounds {
  headersMs: number;
  idleMs: number;
  totalMs: number;
  maxBytes: number;
}

export type OutboundBound = 'headers' | 'idle' | 'total' | 'size';

const LIMIT_OF: Record<OutboundBound, keyof OutboundBounds> = {
  headers: 'headersMs',
  idle: 'idleMs',
  total: 'totalMs',
  size: 'maxBytes',
};

const MESSAGE_OF: Record<OutboundBound, (limit: number) => string> = {
  headers: (limit) => `no answer within ${limit} ms`,
  idle: (limit) => `no body bytes for ${limit} ms`,
  total: (limit) => `the answer took longer than ${limit} ms`,
  size: (limit) => `the answer is larger than ${limit} bytes`,
};

/** An exchange cut by one of its bounds: `bound` says which, `limit` its figure (ms or bytes). */
export class OutboundLimitError extends Error {
  override name = 'OutboundLimitError';
  constructor(
    readonly bound: OutboundBound,
    readonly limit: number,
  ) {
    super(MESSAGE_OF[bound](limit));
  }
}

export interface BoundedAnswer {
  /** Status and headers as the upstream sent them (its body is `body`, not `response.body`). */
  response: Response;
  /** The body under the idle, total and size bounds; `null` when the upstream sent none. */
  body: ReadableStream<Uint8Array> | null;
  /** Ends the exchange now (the upstream request is aborted, timers cleared). */
  abort: () => void;
}

/**
 * Send `url` with `init` under `bounds`. Rejects with `OutboundLimitError('headers' | 'total')` or the fetch's
 * own error. `init.signal` (the caller giving up) aborts the exchange too.
 */
export async function fetchBounded(
  fetchUpstream: UpstreamFetch,
  url: string | URL,
  init: RequestInit,
  bounds: OutboundBounds,
): Promise<BoundedAnswer> {
  const controller = new AbortController();
  const callerSignal = init.signal;
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  const callerGaveUp = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', callerGaveUp, { once: true });
  let settled = false;
  let failBody: ((error: OutboundLimitError) => void) | undefined;
  let headersTimer: ReturnType<typeof setTimeout> | undefined;
  let rejectHeaders: ((error: OutboundLimitError) => void) | undefined;

  const end = (error?: OutboundLimitError) => {
    if (settled) return;
    settled = true;
    clearTimeout(headersTimer);
    clearTimeout(totalTimer);
    callerSignal?.removeEventListener('abort', callerGaveUp);
    if (error) {
      controller.abort(error);
      rejectHeaders?.(error);
      failBody?.(error);
    }
  };
  const cut = (bound: OutboundBound) => end(new OutboundLimitError(bound, bounds[LIMIT_OF[bound]]));
  const totalTimer = setTimeout(() => cut('total'), bounds.totalMs);

  const request = new Request(url, { ...init, signal: controller.signal });
  let response: Response;
  try {
    response = await Promise.race([
      // An in-process upstream (the simulator) may not watch the signal: the race bounds it anyway.
      fetchUpstream(request),
      new Promise<never>((_, reject) => {
        rejectHeaders = reject;
        headersTimer = setTimeout(() => cut('headers'), Math.min(bounds.headersMs, bounds.totalMs));
      }),
    ]);
  } catch (error) {
    end();
    throw error instanceof OutboundLimitError || !(controller.signal.reason instanceof OutboundLimitError)
      ? error
      : controller.signal.reason;
  }
  clearTimeout(headersTimer);
  rejectHeaders = undefined;

  if (!response.body) {
    end();
    return { response, body: null, abort: () => undefined };
  }
  const reader = response.body.getReader();
  let size = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(stream) {
        failBody = (error) => {
          clearTimeout(idleTimer);
          try {
            stream.error(error);
          } catch {
            // Already closed or errored.
          }
          reader.cancel(error).catch(() => undefined);
        };
      },
      async pull(stream) {
        // Only the wait for the upstream is timed: a slow reader (the browser, a disk) is not the upstream's fault.
        idleTimer = setTimeout(() => cut('idle'), bounds.idleMs);
        try {
          const { done, value } = await reader.read();
          clearTimeout(idleTimer);
          if (settled && !done) return;
          if (done) {
            end();
            stream.close();
            return;
          }
          size += value.byteLength;
          if (size > bounds.maxBytes) {
            cut('size');
            return;
          }
          stream.enqueue(value);
        } catch (error) {
          clearTimeout(idleTimer);
          if (settled) return;
          end();
          stream.error(error);
        }
      },
      cancel(reason) {
        clearTimeout(idleTimer);
        end();
        controller.abort(reason);
        return reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    response,
    body,
    abort: () => {
      clearTimeout(idleTimer);
      end();
      controller.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}

/** Read a bounded body whole. Rejects with the `OutboundLimitError` that cut it, or the upstream's own error. */
export async function readBounded(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
