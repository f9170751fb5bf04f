import type { ActiveFault, FaultInjector, FaultRequest } from './fault-injector';

/**
 * Thrown by the simulator's fetch for a `drop` fault. In process the caller sees a rejected fetch (the
 * gateway answers 502); a host serving the simulator over HTTP destroys the socket instead
 * (`dropConnectionOnFault`).
 */
export class DroppedConnectionFault extends Error {
  constructor() {
    super('The simulator dropped the connection (fault injection).');
    this.name = 'DroppedConnectionFault';
  }
}

export function isDroppedConnectionFault(error: unknown): error is DroppedConnectionFault {
  return error instanceof DroppedConnectionFault;
}

const RATE_LIMIT_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
const DEFAULT_RESET_SECONDS = 60;
const DEFAULT_RETRY_AFTER_SECONDS = 60;

const STATUS_TEXT: Record<500 | 502 | 503, string> = {
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function requestId(nowMs: number): string {
  return `SIM-FAULT:${nowMs.toString(16).toUpperCase()}`;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function nginxPage(status: 500 | 502 | 503): Response {
  const title = `${status} ${status === 503 ? 'Service Temporarily Unavailable' : STATUS_TEXT[status]}`;
  return new Response(
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
    { status, headers: { 'content-type': 'text/html', server: 'nginx' } },
  );
}

function statusFault(fault: ActiveFault, request: FaultRequest, nowMs: number): Response {
  const status = fault.status ?? 500;
  if (fault.html) return nginxPage(status);
  if (request.upstream === 'registrar') {
    return json(status, {
      status: 'ERROR',
      message: 'The service is temporarily unavailable. Please try again later.',
      code: 'INTERNAL_ERROR',
      requestId: requestId(nowMs),
    });
  }
  return json(
    status,
    {
      message: STATUS_TEXT[status],
      documentation_url: 'https://docs.github.com/rest',
      status: String(status),
    },
    { 'x-github-request-id': requestId(nowMs) },
  );
}

async function bodyFault(fault: ActiveFault, answer: Response): Promise<Response> {
  const text = await answer.text();
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  const body =
    fault.kind === 'truncated-json'
      ? text.slice(0, Math.max(1, Math.floor(text.length / 2)))
      : `{"message": "half a thought", "resources": {core: undefined,}`;
  return new Response(body, { status: answer.status === 204 ? 200 : answer.status, headers });
}

/**
 * Answer `request` through `inner`, unless a fault picks it. `simNowMs` dates rate-limit resets on the
 * simulator's clock, as the real headers would be.
 */
export async function withFaults(
  injector: FaultInjector,
  request: Request,
  described: FaultRequest | undefined,
  inner: (request: Request) => Promise<Response>,
  simNowMs: () => number,
): Promise<Response> {
  const fired = described ? injector.pick(described) : [];
  if (fired.length === 0 || !described) return inner(request);
  const delay = fired.reduce((total, rule) => total + (rule.latencyMs ?? 0), 0);
  if (delay > 0) await sleep(delay);
  const fault = fired.find((rule) => rule.kind !== 'latency');
  if (!fault) return inner(request);
  const now = simNowMs();

  switch (fault.kind) {
    case 'latency':
      return inner(request);
    case 'drop':
      throw new DroppedConnectionFault();
    case 'status':
      return statusFault(fault, described, now);
    case 'registrar-503-burst':
      return nginxPage(503);
    case 'malformed-json':
    case 'truncated-json': {
      // Spoil a full answer: ask without If-None-Match so there is a body to cut.
      const headers = new Headers(request.headers);
      headers.delete('if-none-match');
      return bodyFault(fault, await inner(new Request(request, { headers })));
    }
    case 'primary-rate-limit': {
      const reset = Math.floor(now / 1000) + (fault.resetInSeconds ?? DEFAULT_RESET_SECONDS);
      return json(
        403,
        {
          message: 'API rate limit exceeded for user ID 1.',
          documentation_url: RATE_LIMIT_DOCS,
          status: '403',
        },
        {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'core',
          'x-github-request-id': requestId(now),
        },
      );
    }
    case 'secondary-rate-limit':
      return json(
        403,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: `${RATE_LIMIT_DOCS}#about-secondary-rate-limits`,
          status: '403',
        },
        {
          'retry-after': String(fault.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
          'x-github-request-id': requestId(now),
        },
      );
  }
}
