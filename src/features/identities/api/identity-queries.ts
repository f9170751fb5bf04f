import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_RECLAIM_MAPPINGS,
  type IdentitiesAnswer,
  type IdentityDraftsSave,
  type IdentityDraftsSaved,
  type ReclaimAnswer,
  type ReclaimRequest,
} from '@/contracts/identities';
import { parseMoveSummaries } from '@/contracts/move-summary-answers';
import { request } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { shouldRetry } from '@/lib/retry-policy';
import { clientId } from '@/lib/client-id';
import { parseDraftsSaved, parseIdentities, parseReclaimAnswer } from './identity-answers';
import { setWriteAnswer } from '@/lib/write-answer';

/** Mappings per reclaim request: the gateway paces invitations 250 ms apart, so 50 answer within ~13 s. */
export const RECLAIM_CHUNK = 50;

/** Saves per `PUT /api/identities/drafts` (the gateway takes at most as many as a reclaim's mappings). */
export const DRAFT_SAVES_CHUNK = MAX_RECLAIM_MAPPINGS;

const targetQuery = (target: string) => `target=${encodeURIComponent(target)}`;

/**
 * A 503 from the gateway is its answer, not a hiccup: the target's importer is unavailable (GitHub asks to wait a
 * minute) or Ferry's store is not open. Shown at once with a retry, instead of a spinner through three retries.
 */
export const retryIdentityRead = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status === 503) && shouldRetry(failureCount, error);

export const identityQueries = {
  all: () => ['identities'] as const,
  /** The target's mannequins and members (GitHub, ⌈n/100⌉ points per list), the map as saved, invitations sent. */
  map: (target: string) =>
    queryOptions({
      queryKey: [...identityQueries.all(), 'map', target],
      queryFn: async () =>
        parseIdentities((await request<unknown>('gateway', `identities?${targetQuery(target)}`)).data),
      staleTime: 30_000,
      retry: retryIdentityRead,
      // The moves' archives are read in the background: ask again while any is.
      refetchInterval: (query) =>
        query.state.data?.archives?.some((archive) => archive.state === 'reading') ? 5_000 : false,
    }),
  /** The organization the newest move went to (`GET /api/moves`, no GitHub request): the page's default target. */
  newestTarget: () =>
    queryOptions({
      queryKey: [...identityQueries.all(), 'newest-target'],
      queryFn: async () => {
        const moves = parseMoveSummaries((await request<unknown>('gateway', 'moves')).data);
        const newest = moves.reduce<(typeof moves)[number] | undefined>(
          (found, move) => (!found || move.createdAt > found.createdAt ? move : found),
          undefined,
        );
        return newest?.target ?? null;
      },
      staleTime: 60_000,
    }),
};

/** `PUT /api/identities/drafts`: the map's edits, as the author editor's drafts (the answer says whom it overwrote). */
export function useSaveIdentityDrafts(target: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // "Accept suggestions" on thousands of mannequins: in requests of the gateway's bound, one after the other.
    mutationFn: async (saves: IdentityDraftsSave['saves']) => {
      const results: IdentityDraftsSaved['results'] = [];
      for (let start = 0; start < saves.length; start += DRAFT_SAVES_CHUNK) {
        const saved = parseDraftsSaved(
          (
            await request<unknown>('gateway', `identities/drafts?${targetQuery(target)}`, {
              method: 'PUT',
              json: { client: clientId(), saves: saves.slice(start, start + DRAFT_SAVES_CHUNK) },
            })
          ).data,
        );
        results.push(...saved.results);
      }
      return { results };
    },
    onSuccess: (saved) =>
      setWriteAnswer<IdentitiesAnswer>(queryClient, identityQueries.map(target).queryKey, (old) => {
        if (!old) return old;
        const fresh = new Map(saved.results.map(({ draft }) => [draft.mannequinId, draft]));
        return {
          ...old,
          drafts: [...old.drafts.filter((d) => !fresh.has(d.mannequinId)), ...fresh.values()],
        };
      }),
  });
}

/** `POST /api/identities/reclaim` in chunks, one after the other; the map is read again at the end. */
export function useSendInvitations(target: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      mappings,
      skipInvitation = false,
      onProgress,
    }: {
      mappings: ReclaimRequest['mappings'];
      /** EMU organizations only: reattributed at once (gh gei's `--skip-invitation`). */
      skipInvitation?: boolean;
      /** After each request: how many mappings have an answer (~4 a second). */
      onProgress?: (answered: number, total: number) => void;
    }) => {
      const results: ReclaimAnswer['results'] = [];
      for (let start = 0; start < mappings.length; start += RECLAIM_CHUNK) {
        const answer = parseReclaimAnswer(
          (
            await request<unknown>('gateway', 'identities/reclaim', {
              method: 'POST',
              json: {
                target,
                mappings: mappings.slice(start, start + RECLAIM_CHUNK),
                ...(skipInvitation ? { skipInvitation } : {}),
              },
              timeout: 60_000,
            })
          ).data,
        );
        results.push(...answer.results);
        onProgress?.(results.length, mappings.length);
        if (answer.retryAfterSeconds !== undefined) break;
      }
      return results;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityQueries.map(target).queryKey }),
  });
}
