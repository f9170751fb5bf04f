import type { Context } from 'hono';
import { callerIp, type RegistrarRoutes } from '../app';
import { decorate, newRequestId, registrarError } from '../envelope';
import { findTld, requirementsBody } from './catalogue';

/**
 * `domain/getRegistrationRequirements/{tld}`: GET with header credentials (documented), and POST with body
 * credentials (the generic form every v3 operation accepts). Bursts are answered with HTTP 503.
 */
export const registerRequirementRoutes: RegistrarRoutes = (app, context) => {
  const handler = async (c: Context) => {
    const requestId = newRequestId();
    const caller = c.req.header('x-api-key') ?? callerIp(c);
    const wait = context.limiter.hit(caller);
    if (wait > 0) {
      const response = registrarError(
        c,
        503,
        'RATE_LIMIT_EXCEEDED',
        'Too many requests in a short time. Slow down and retry.',
        requestId,
        {
          ttlRemaining: wait,
          next_action: { type: 'wait_and_retry', hint: `Wait ${wait} s before the next request.` },
        },
      );
      response.headers.set('retry-after', String(wait));
      return response;
    }
    const refused = await context.authenticate(c, requestId);
    if (refused) return refused;

    const tld = (c.req.param('tld') ?? '').toLowerCase();
    const entry = findTld(tld);
    if (!entry) {
      return registrarError(c, 400, 'INVALID_TLD', 'Unsupported TLD.', requestId, {
        next_action: {
          type: 'choose_alternative',
          hint: 'Check the TLD (without a leading dot), or choose another one.',
        },
      });
    }
    return decorate(c, c.json({ ...requirementsBody(entry), tld, requestId }), requestId);
  };
  app.get('/domain/getRegistrationRequirements/:tld', handler);
  app.post('/domain/getRegistrationRequirements/:tld', handler);
};
