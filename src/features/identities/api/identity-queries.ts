import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IdentitiesAnswer,
  IdentityDraftsSave,
  ReclaimAnswer,
  ReclaimRequest,
} from '@/contracts/identities';
import { request } from '@/lib/api-client';
import { clientId } from '@/lib/client-id';
import { parseDraftsSaved, parseIdentities, parseReclaimAnswer } from './identity-answers';
import { setWriteAnswer } from '@/lib/write-answer';

/** Mappings per reclaim request: the gateway paces invitations 250 ms apart, so 50 answer within ~13 s. */
export const RECLAIM_CHUNK = 50;

const targetQuery = (target: string) => `target=${encodeURIComponent(target)}`;

export const identityQueries = {
  all: () => ['identities'] as const,
  /** The target's mannequins and members (GitHub, ⌈n/100⌉ points per list), the map as saved, invitations sent. */
  map: (target: string) =>
    queryOptions({
      queryKey: [...identityQueries.all(), 'map', target],
      queryFn: async () =>
        parseIdentities((await request<unknown>('gateway', `identities?${targetQuery(target)}`)).data),
      staleTime: 30_000,
      // The moves' archives are read in the background: ask again while any is.
      refetchInterval: (query) =>
        query.state.data?.archives?.some((archive) => archive.state === 'reading') ? 5_000 : false,
    }),
};

/** `PUT /api/identities/drafts`: the map's edits, as the author editor's drafts (the answer says whom it overwrote). */
export function useSaveIdentityDrafts(target: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (saves: IdentityDraftsSave['saves']) =>
      parseDraftsSaved(
        (
          await request<unknown>('gateway', `identities/drafts?${targetQuery(target)}`, {
            method: 'PUT',
            json: { client: clientId(), saves },
          })
        ).data,
      ),
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
    }: {
      mappings: ReclaimRequest['mappings'];
      /** EMU organizations only: reattributed at once (gh gei's `--skip-invitation`). */
      skipInvitation?: boolean;
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
        if (answer.retryAfterSeconds !== undefined) break;
      }
      return results;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityQueries.map(target).queryKey }),
  });
}
