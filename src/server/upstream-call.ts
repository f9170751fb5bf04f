export type UpstreamFetch = (request: Request) => Promise<Response>;

export class UpstreamTimeoutError extends Error {
  override name = 'UpstreamTimeoutError';
}

/**
 * Send one upstream request and wait at most `timeoutMs` for its headers. The timer is cleared as soon as
 * the headers are in (or the call fails): a pending timer keeps the request, its context and its answer
 * reachable until it fires, which under load held hundreds of MB for `UPSTREAM_TIMEOUT_MS`. The body is
 * bounded separately (`upstream-body.ts`); `controller` aborts the call, body included.
 */
export async function callUpstream(
  fetchUpstream: UpstreamFetch,
  url: string | URL,
  init: Omit<RequestInit, 'signal'>,
  timeoutMs: number,
): Promise<{ response: Response; controller: AbortController }> {
  const controller = new AbortController();
  const request = new Request(url, { ...init, signal: controller.signal });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const response = await Promise.race([
      // An in-process upstream (the simulator) may not watch the signal: the race bounds it anyway.
      fetchUpstream(request),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new UpstreamTimeoutError(`no answer within ${timeoutMs} ms`);
          controller.abort(error);
          reject(error);
        }, timeoutMs);
      }),
    ]);
    return { response, controller };
  } finally {
    clearTimeout(timer);
  }
}
