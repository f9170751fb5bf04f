import type { Context } from 'hono';
import { v7 as uuidv7 } from 'uuid';

export const REGISTRAR_PREFIX = '/api/json/v3';

/** Every registrar answer carries a request id and a `describedby` link to the interface description. */
export function decorate(c: Context, response: Response, requestId: string): Response {
  const origin = new URL(c.req.url).origin;
  response.headers.set('x-request-id', requestId);
  response.headers.set('x-api-version', '3.48');
  response.headers.set('cache-control', 'no-store');
  response.headers.set('link', `<${origin}${REGISTRAR_PREFIX}/spec>; rel="describedby"`);
  return response;
}

/** Porkbun's request ids are UUIDv7 (time-ordered), e.g. `019fa6cf-aa0e-7083-8d51-92119ff2c113`. */
export function newRequestId(): string {
  return uuidv7();
}

export function registrarError(
  c: Context,
  status: 400 | 403 | 404 | 405 | 429 | 503,
  code: string,
  message: string,
  requestId: string,
  extra: Record<string, unknown> = {},
) {
  return decorate(c, c.json({ status: 'ERROR', message, code, ...extra, requestId }, status), requestId);
}
