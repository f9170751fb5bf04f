import { forward } from '@/server/forward';
import { jsonBounds } from '@/server/outbound/bounds';
import { createRegistrarCache, type RegistrarCacheOptions } from '@/server/registrar-cache';
import type { Area } from '../area';
import { forAllowedOperation } from '../match-request';
import type { GatewayServices } from '../services';

/** `/api/registrar/*`: allow-listed Porkbun operations, answers cached and calls spaced (`registrar-cache.ts`). */
export function registrarArea(services: GatewayServices, cacheOptions?: RegistrarCacheOptions): Area {
  const { config, github } = services;
  const cached = createRegistrarCache(services.upstreams.registrar, {
    timing: jsonBounds(config),
    resolve: services.upstreams.resolvers.registrar,
    ...cacheOptions,
  });
  return {
    name: 'registrar',
    mount(app) {
      app.all(
        '/api/registrar/*',
        forAllowedOperation('registrar', async (c, { match }) => {
          const response = await forward(c, config, match, cached.fetch);
          github.count('registrar', match.operation.id, response.status);
          return response;
        }),
      );
    },
  };
}
