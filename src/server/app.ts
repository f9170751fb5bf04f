import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { matchOperation } from './allow-list';
import type { GatewayConfig } from './config';
import { forward } from './forward';
import { gatewayError } from './gateway-error';
import { loggableError } from './log-safe';
import { publicConfig } from './public-config';
import { createRegistrarCache, type RegistrarCacheOptions } from './registrar-cache';
import type { UpstreamFetch } from './upstream-call';
import {
  allowedHostNames,
  crossSiteCheck,
  hostCheck,
  passwordCheck,
  redactSecrets,
  secretsOf,
  securityHeaders,
} from './security';

export interface GatewayDeps {
  config: GatewayConfig;
  /** How to reach each upstream: the global fetch for live, the embedded simulator otherwise. */
  fetchGithub: UpstreamFetch;
  fetchRegistrar: UpstreamFetch;
  /** Extra routes the host mounts (static files, the simulator's control interface). */
  mount?: (app: Hono) => void;
  /** Caching and spacing of registrar calls (tests inject a clock). */
  registrarCache?: RegistrarCacheOptions;
}

/** The gateway as a request handler, testable without a port. */
export function createGateway({
  config,
  fetchGithub,
  fetchRegistrar,
  mount,
  registrarCache,
}: GatewayDeps): Hono {
  const app = new Hono();
  app.use('*', securityHeaders);
  const secrets = secretsOf(config);
  app.use('/api/*', redactSecrets(secrets));
  app.use('*', hostCheck(allowedHostNames(config)));
  if (config.password) app.use('*', passwordCheck(config.password));
  app.use('/api/*', crossSiteCheck);
  app.use('/__sim/*', crossSiteCheck);
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.bodyLimitBytes,
      onError: (c) =>
        gatewayError(
          c,
          413,
          `Request bodies are limited to ${config.bodyLimitBytes} bytes.`,
          'BODY_TOO_LARGE',
        ),
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('cache-control', c.res.headers.get('cache-control') ?? 'no-store');
  });

  app.get('/api/health', (c) => c.json({ ok: true }));
  app.get('/api/config', (c) => c.json(publicConfig(config)));

  const proxy =
    (upstream: 'github' | 'registrar', fetchUpstream: UpstreamFetch): MiddlewareHandler =>
    async (c) => {
      const url = new URL(c.req.url);
      const prefix = `/api/${upstream}/`;
      // Match on the raw path: percent-encoded slashes or dots must not be decoded into structure.
      const rawPath = url.pathname.slice(prefix.length);
      if (/%2f|%5c|%2e|%00|[\\\s]/i.test(rawPath) || rawPath.includes('//')) {
        return gatewayError(c, 400, 'Malformed path.', 'BAD_PATH');
      }
      const result = matchOperation(upstream, c.req.method, rawPath, url.searchParams);
      if (!result.ok) return gatewayError(c, result.status, result.message, 'NOT_ALLOWED');
      return forward(c, config, result.match, fetchUpstream);
    };
  app.all('/api/github/*', proxy('github', fetchGithub));
  app.all('/api/registrar/*', proxy('registrar', createRegistrarCache(fetchRegistrar, registrarCache).fetch));
  app.all('/api/*', (c) => gatewayError(c, 404, 'Unknown API route.', 'NOT_FOUND'));

  mount?.(app);
  app.onError((error, c) => {
    console.error(`[gateway] unexpected error: ${loggableError(error, secrets)}`);
    return c.json(
      { message: 'Ferry’s server failed unexpectedly.', code: 'INTERNAL', source: 'gateway' },
      500,
    );
  });
  return app;
}
