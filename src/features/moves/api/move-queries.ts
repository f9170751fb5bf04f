import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveBulkRequest, MoveStartRequest } from '@/contracts/move-run';
import { isRecord } from '@/contracts/json';
import { request } from '@/lib/api-client';
import { listPollInterval, movePollInterval, tabHidden } from '../utils/move-polling';
import { parseMovePreview, parseMoveTarget } from './move-answers';
import { parseMove, parseMoveBulkAnswer, parseMoveSummaries } from './move-run-answers';

const movePath = (id: string) => `moves/${encodeURIComponent(id)}`;

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
  /** The moves so far; read again while one of them runs. */
  list: () =>
    queryOptions({
      queryKey: [...moveQueries.all(), 'list'],
      queryFn: async () => parseMoveSummaries((await request<unknown>('gateway', 'moves')).data),
      refetchInterval: (query) =>
        listPollInterval(
          query.state.data?.map((move) => move.state),
          tabHidden(),
        ),
      refetchIntervalInBackground: true,
    }),
  /** One move: the gateway runs it, the page reads the gateway's copy (no GitHub request) while it is live. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...moveQueries.all(), 'detail', id],
      queryFn: async () => parseMove((await request<unknown>('gateway', movePath(id))).data),
      refetchInterval: (query) => movePollInterval(query.state.data, tabHidden()),
      // A hidden tab polls too, slowly (movePollInterval): its title says the move's state.
      refetchIntervalInBackground: true,
    }),
};

/** `POST /api/moves/preview`: pre-flight and cost; nothing starts. */
export function usePreviewMove() {
  return useMutation({
    mutationFn: async (plan: MoveStartRequest) =>
      parseMovePreview(
        (await request<unknown>('gateway', 'moves/preview', { method: 'POST', json: plan })).data,
      ),
  });
}

/** `POST /api/moves`: the gateway re-runs the pre-flight and starts the ready repositories. */
export function useStartMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (start: MoveStartRequest) =>
      parseMove((await request<unknown>('gateway', 'moves', { method: 'POST', json: start })).data),
    onSuccess: (move) => {
      client.setQueryData(moveQueries.detail(move.id).queryKey, move);
      return client.invalidateQueries({ queryKey: moveQueries.list().queryKey });
    },
  });
}

export type MoveAction =
  | { kind: 'pause' | 'resume' }
  /** `keepLocked`: the sources the move locked stay locked (else a cancel unlocks them). */
  | { kind: 'cancel'; keepLocked?: boolean }
  | { kind: 'retry' | 'abort' | 'unlock'; repository: string };

/** The route of an action on a move or on one of its repositories. */
export function moveActionPath(id: string, action: MoveAction): string {
  return 'repository' in action
    ? `${movePath(id)}/repositories/${encodeURIComponent(action.repository)}/${action.kind}`
    : `${movePath(id)}/${action.kind}`;
}

/** An action, then the move read again (what the gateway did is what the page shows). */
export function useMoveAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: MoveAction) => {
      const json = action.kind === 'cancel' && action.keepLocked ? { keepLocked: true } : {};
      await request<unknown>('gateway', moveActionPath(id, action), { method: 'POST', json });
    },
    onSettled: () => client.invalidateQueries({ queryKey: moveQueries.detail(id).queryKey }),
  });
}

/**
 * Many at once (issue 48): one action over the names the user confirmed. The answer says which were acted on and
 * which skipped (no longer eligible) and why; the move it carries is shown at once, then read again.
 */
export function useMoveBulkAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bulk: MoveBulkRequest) =>
      parseMoveBulkAnswer(
        (
          await request<unknown>('gateway', `${movePath(id)}/repositories/bulk`, {
            method: 'POST',
            json: bulk,
          })
        ).data,
      ),
    onSuccess: (answer) => client.setQueryData(moveQueries.detail(id).queryKey, answer.move),
    onSettled: () => client.invalidateQueries({ queryKey: moveQueries.detail(id).queryKey }),
  });
}
