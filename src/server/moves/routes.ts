import { Hono, type Context } from 'hono';
import { gatewayError } from '@/server/gateway-error';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { CredentialRefusedError, RateLimitedError } from '@/server/waves/github-client';
import { WaveInputError } from '@/server/waves/wave-input-error';
import { MoveInputError } from './move-input-error';
import { isMoveInvalid, parseMoveRequest } from './move-request';
import type { Mover } from './mover';
import {
  TargetCredentialError,
  TargetGraphqlError,
  TargetRateLimitedError,
  TargetUnavailableError,
} from './target-errors';

/**
 * `/api/moves/*` (shapes in src/contracts/moves.ts). Mounted under /api, so the gateway's Host, Origin,
 * Sec-Fetch-Site and body-size checks apply; here: JSON only, the strict request parser, and every failure of
 * either GitHub answered as itself (4xx for what the user can fix, 429/503 with `retry-after` for limits).
 */
export function createMoveRoutes(mover: Mover) {
  const app = new Hono();
  const waitFor = (c: Context, status: 429 | 503, message: string, code: string, seconds: number) =>
    c.json({ message, code, source: 'gateway' }, status, {
      'retry-after': String(Math.max(1, Math.min(Math.ceil(seconds), 86_400))),
    });

  app.get('/target', (c) => c.json(mover.target()));
  app.post('/preview', async (c) => {
    if (!/^application\/json\s*(?:;|$)/i.test(c.req.header('content-type') ?? ''))
      return gatewayError(c, 415, 'Send the plan as application/json.', 'UNSUPPORTED_MEDIA_TYPE');
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) return gatewayError(c, 400, 'The body is not JSON.', 'BAD_JSON');
    const request = parseMoveRequest(body);
    if (isMoveInvalid(request)) return gatewayError(c, request.status, request.error, request.code);
    try {
      return c.json(await mover.preview(request));
    } catch (error) {
      if (error instanceof MoveInputError || error instanceof WaveInputError)
        return gatewayError(c, 422, error.message, 'INVALID');
      if (error instanceof CredentialRefusedError)
        return gatewayError(
          c,
          403,
          `GitHub refused the source credential: ${error.message}`,
          'CREDENTIAL_REFUSED',
        );
      if (error instanceof TargetCredentialError)
        return gatewayError(c, 403, error.message, 'TARGET_CREDENTIAL_REFUSED');
      if (error instanceof RateLimitedError)
        return waitFor(c, 429, error.message, 'RATE_LIMITED', (error.until - Date.now()) / 1000);
      if (error instanceof TargetRateLimitedError)
        return waitFor(
          c,
          429,
          `The target says: ${error.message}`,
          'TARGET_RATE_LIMITED',
          error.retryAfterSeconds,
        );
      if (error instanceof TargetUnavailableError)
        return waitFor(c, 503, `The target says: ${error.message}`, 'TARGET_UNAVAILABLE', 60);
      if (error instanceof TargetGraphqlError)
        return gatewayError(c, 502, `The target answered: ${error.message}`, 'UPSTREAM_ERROR');
      if (error instanceof UpstreamFailureError) {
        const { status, message, code } = error.failure;
        return gatewayError(c, status, message, code);
      }
      throw error;
    }
  });
  return app;
}
