import { queryOptions } from '@tanstack/react-query';
import {
  parseDrafts,
  parseDraftsSave,
  type DraftsResponse,
  type DraftsSaveRequest,
  type DraftsSaveResponse,
} from '@/contracts/ferry';
import { request } from '@/lib/api-client';
import { clientId } from '@/lib/client-id';

/**
 * Author-mapping drafts live in the gateway's store, per import, so a mapping started in one browser is there
 * in another. Other browsers' changes arrive by polling while the editor is open.
 */
export const DRAFTS_REFRESH_MS = 10_000;

const draftsPath = (owner: string, repo: string) =>
  `ferry/drafts/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

export async function getDrafts(owner: string, repo: string): Promise<DraftsResponse> {
  const { data } = await request<unknown>('gateway', draftsPath(owner, repo));
  return parseDrafts(data);
}

export async function saveDrafts(
  owner: string,
  repo: string,
  saves: DraftsSaveRequest['saves'],
): Promise<DraftsSaveResponse> {
  const body: DraftsSaveRequest = { client: clientId(), saves };
  const { data } = await request<unknown>('gateway', draftsPath(owner, repo), { method: 'PUT', json: body });
  return parseDraftsSave(data);
}

export async function discardDrafts(
  owner: string,
  repo: string,
  authorIds: readonly number[],
): Promise<void> {
  await request<unknown>('gateway', draftsPath(owner, repo), {
    method: 'DELETE',
    searchParams: { authors: authorIds.join(',') },
  });
}

export const draftQueries = {
  all: () => ['author-drafts'] as const,
  list: (owner: string, repo: string) =>
    queryOptions({
      queryKey: [...draftQueries.all(), owner.toLowerCase(), repo.toLowerCase()] as const,
      queryFn: () => getDrafts(owner, repo),
      refetchInterval: DRAFTS_REFRESH_MS,
      // The store is Ferry's own: when it does not answer, drafts stay in this browser; no long retry wait.
      retry: 1,
    }),
};
