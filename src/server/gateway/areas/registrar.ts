import { gatewayError } from '@/server/gateway-error';
import { forward } from '@/server/forward';
import { jsonBounds } from '@/server/outbound/bounds';
import { createRegistrarCache, type RegistrarCacheOptions } from '@/server/registrar-cache';
import type { Area } from '../area';
import { matchRequest } from '../match-request';
import type { GatewayServices } from '../services';

/** `/api/registrar/*`: allow-listed Porkbun operations, answers cached and calls spaced (`registrar-cache.ts`). */
export function registrarArea(services: GatewayServices, cacheOptions?: RegistrarCacheOptions): Area {
  const { config, github } = services;
  const cached = createRegistrarCache(services.upstreams.registrar, {
    timing: jsonBounds(config),
    ...cacheOptions,
  });
  return {
    name: 'registrar',
    mount(app) {
      app.all('/api/registrar/*', async (c) => {
        const result = matchRequest(c, 'registrar');
        if (!result.ok) return gatewayError(c, result.status, result.message, result.code);
        const response = await forward(c, config, result.match, cached.fetch);
        github.count('registrar', result.match.operation.id, response.status);
        return response;
      });
    },
  };
}
