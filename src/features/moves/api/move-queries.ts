import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MovePlanRequest } from '@/contracts/moves';
import { isRecord } from '@/contracts/json';
import { request } from '@/lib/api-client';
import { parseMovePreview, parseMoveTarget } from './move-answers';

export const moveQueries = {
  all: () => ['moves'] as const,
  /** Where moves land; fixed while the gateway runs (its configuration). */
  target: () =>
    queryOptions({
      queryKey: [...moveQueries.all(), 'target'],
      queryFn: async () => parseMoveTarget((await request<unknown>('gateway', 'moves/target')).data),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The connection's organizations (one GitHub request, revalidated by ETag): the source's default. */
  sourceOrganizations: () =>
    queryOptions({
      queryKey: [...moveQueries.all(), 'source-organizations'],
      queryFn: async () => {
        const { data } = await request<unknown>('github', 'user/orgs');
        return Array.isArray(data)
          ? data.flatMap((org) => (isRecord(org) && typeof org.login === 'string' ? [org.login] : []))
          : [];
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** `POST /api/moves/preview`: pre-flight and cost; nothing starts. */
export function usePreviewMove() {
  return useMutation({
    mutationFn: async (plan: MovePlanRequest) =>
      parseMovePreview(
        (await request<unknown>('gateway', 'moves/preview', { method: 'POST', json: plan })).data,
      ),
  });
}
