import { queryOptions } from '@tanstack/react-query';
import { parseMoveSummaries } from '@/contracts/move-summary-answers';
import { request } from '@/lib/api-client';
import { unchangedFor } from '@/lib/polling-policy';
import { isMoveFinished } from '../utils/move-lines';
import { overviewPollInterval } from '../utils/overview-polling';

/**
 * Ferry's moves (`GET /api/moves`): the gateway runs them, so asking costs GitHub nothing. Apart from
 * overview-queries.ts so that only the lazily loaded moves section carries it, not the first page.
 */
export const overviewMovesQuery = () =>
  queryOptions({
    queryKey: ['overview', 'moves'] as const,
    queryFn: async () => parseMoveSummaries((await request<unknown>('gateway', 'moves')).data),
    refetchInterval: (query) =>
      overviewPollInterval({
        states: query.state.data?.map((move) => move.state),
        isTerminal: isMoveFinished,
        unchangedMs: unchangedFor(query.state.data),
        rateLimitedForMs: 0,
      }),
  });
