import type { Context } from 'hono';
import { callerIp, type RegistrarRoutes } from '../app';
import { decorate, newRequestId, registrarError } from '../envelope';
import { findTld, requirementsBody } from './catalogue';

/**
 * `domain/getRegistrationRequirements/{tld}`: GET with header credentials (documented), and POST with body
 * credentials (the generic form every v3 operation accepts). Bursts are answered with HTTP 429.
 */
export const registerRequirementRoutes: RegistrarRoutes = (app, context) => {
  const handler = async (c: Context) => {
    const requestId = newRequestId();
    const caller = c.req.header('x-api-key') ?? callerIp(c);
    const wait = context.limiter.hit(caller);
    if (wait > 0) {
      // Porkbun documents 429 RATE_LIMIT_EXCEEDED with `X-RateLimit-Reset` (Unix seconds); its front proxy's
      // plain-text 503 bursts are the fault kind `registrar-503-burst`.
      const response = registrarError(
        c,
        429,
        'RATE_LIMIT_EXCEEDED',
        'Rate limit exceeded. Please try again later.',
        requestId,
        { ttlRemaining: wait },
      );
      response.headers.set('x-ratelimit-limit', String(context.burst.limit));
      response.headers.set('x-ratelimit-remaining', '0');
      response.headers.set('x-ratelimit-reset', String(Math.ceil(context.now() / 1000) + wait));
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
