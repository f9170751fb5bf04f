import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { parseSessionInfo } from '@/contracts/session-answer';
import { request } from '@/lib/api-client';

/** Who is signed in (`GET /api/session`): `local` when Ferry signs nobody in; a 401 when no one is. */
export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: async () => parseSessionInfo((await request<unknown>('gateway', 'session')).data) ?? null,
      // The role is read again by the gateway every 10 minutes; the page follows within one.
      staleTime: 60_000,
      refetchInterval: 60_000,
      retry: false,
    }),
};

/** `POST /auth/logout`: the session ends on the server, then the page asks who is there again. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' });
      if (!answer.ok && answer.status !== 204) throw new Error(`Sign-out failed (${answer.status}).`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: sessionQueries.all() }),
  });
}
