import { queryOptions } from '@tanstack/react-query';
import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import { request } from './api-client';

async function getGatewayConfig(): Promise<GatewayPublicConfig> {
  const { data } = await request<GatewayPublicConfig>('gateway', 'config');
  return data;
}

/**
 * `GET /api/config`: the gateway's public facts (modes, credentials by name and kind). Read by the
 * Connection page and by every credential picker; it does not change while the gateway runs.
 */
export const gatewayConfigQuery = () =>
  queryOptions({
    queryKey: ['connection', 'config'] as const,
    queryFn: getGatewayConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
