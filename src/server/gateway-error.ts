import type { Context } from 'hono';

export type GatewayErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 502 | 504;

/** An answer the gateway makes itself, shaped like GitHub's errors plus `code` and `source: 'gateway'`. */
export function gatewayError(c: Context, status: GatewayErrorStatus, message: string, code: string) {
  return c.json({ message, code, documentation_url: undefined, source: 'gateway' }, status);
}
