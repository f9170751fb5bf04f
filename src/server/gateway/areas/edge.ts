import { bodyLimit } from 'hono/body-limit';
import { gatewayError } from '@/server/gateway-error';
import { routeGroup } from '@/server/metrics/gateway-metrics';
import { redactOwnAnswers } from '@/server/redact-own-answers';
import {
  allowedHostNames,
  crossSiteCheck,
  hostCheck,
  passwordCheck,
  redactSecrets,
  securityHeaders,
} from '@/server/security';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/**
 * What every request meets before any route: its timing, security headers, the redaction of known secrets,
 * the Host, password and cross-site checks, the body limit, and `no-store` on API answers.
 */
export function edgeArea({ config, metrics, secrets }: GatewayServices, measured: boolean): Area {
  return {
    name: 'edge',
    mount(app) {
      if (measured)
        app.use('*', async (c, next) => {
          const end = metrics.requestDuration.startTimer();
          await next();
          end({ method: c.req.method, route: routeGroup(c.req.path), status: String(c.res.status) });
        });
      app.use('*', securityHeaders);
      app.use(
        '/api/*',
        redactSecrets(() => secrets.list()),
      );
      app.use('/api/*', redactOwnAnswers(secrets));
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
    },
  };
}
