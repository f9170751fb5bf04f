import { queryOptions } from '@tanstack/react-query';
import { parseCredentialDetails } from '@/contracts/credentials';
import { request } from '@/lib/api-client';
import { gatewayConfigQuery } from '@/lib/gateway-config';

async function getCredentialDetails() {
  const { data } = await request<unknown>('gateway', 'credentials');
  return parseCredentialDetails(data);
}

export const connectionQueries = {
  all: () => ['connection'] as const,
  config: gatewayConfigQuery,
  /** What GitHub says about each credential (the gateway asks at most every 5 minutes). */
  credentials: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'credentials'] as const,
      queryFn: getCredentialDetails,
      staleTime: 60_000,
    }),
};
