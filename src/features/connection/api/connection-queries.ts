import { queryOptions } from '@tanstack/react-query';
import type { GatewayPublicConfig } from '@/contracts/gateway-config';
import { request } from '@/lib/api-client';

export async function getGatewayConfig(): Promise<GatewayPublicConfig> {
  const { data } = await request<GatewayPublicConfig>('gateway', 'config');
  return data;
}

export const connectionQueries = {
  all: () => ['connection'] as const,
  config: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'config'] as const,
      queryFn: getGatewayConfig,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
