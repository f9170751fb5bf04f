import type { MiddlewareHandler } from 'hono';
import type { SecretRegistry } from './secret-registry';

/** Forwarded answers are redacted where they are read, bounded (`forward.ts`); these are Ferry's own. */
const FORWARDED = /^\/api\/(?:github|registrar)\//;
const TEXTUAL = /^(?:application\/(?:[\w.+-]*\+)?json|text\/)/i;

/**
 * Ferry's own answers (credentials, alerts, waves, memory) carry text from outside: a credential problem quotes
 * GitHub's message, a delivery quotes a receiver, a wave quotes a refusal. Whatever the route, a known secret
 * in such a text leaves as `[redacted]` (every spelling, `redact.ts`). Nothing is read when no secret is known.
 */
export function redactOwnAnswers(registry: SecretRegistry): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (FORWARDED.test(c.req.path) || !c.res.body || registry.list().length === 0) return;
    if (!TEXTUAL.test(c.res.headers.get('content-type') ?? '')) return;
    const { status } = c.res;
    const text = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    // Cleared first: Hono would otherwise copy the old response's headers (content-length too) onto the new.
    c.res = undefined;
    c.res = new Response(registry.redact(text), { status, headers });
  };
}
