import { queryOptions, useMutation } from '@tanstack/react-query';
import { parseAuditPage, parseAuditVerify } from '@/contracts/audit';
import { request } from '@/lib/api-client';
import { auditSearchParams, type AuditFilters } from '../utils/audit-filters';

export const auditQueries = {
  all: () => ['audit'] as const,
  /** One page of entries, newest first; `before` the cursor of an older page. */
  page: (filters: AuditFilters, before?: number) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'page', filters, before ?? null],
      queryFn: async ({ signal }) =>
        parseAuditPage(
          (
            await request<unknown>('gateway', 'audit', {
              searchParams: auditSearchParams(filters, before),
              signal,
            })
          ).data,
        ),
    }),
};

/** "Verify the chain": the gateway walks the whole chain and says whether it holds. */
export function useVerifyChain() {
  return useMutation({
    mutationFn: async () => parseAuditVerify((await request<unknown>('gateway', 'audit/verify')).data),
  });
}
