import { queryOptions } from '@tanstack/react-query';
import {
  DRAFT_REQUEST_BYTES,
  DRAFT_SAVES_PER_REQUEST,
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

/**
 * Saves in requests of at most DRAFT_SAVES_PER_REQUEST entries and DRAFT_REQUEST_BYTES, one after the other
 * (100,000 authors are ~100 requests). A request that fails stops the rest; what was saved stays saved, and
 * sending it again is harmless (a browser's own earlier save is never reported as overwritten).
 */
export async function saveDrafts(
  owner: string,
  repo: string,
  saves: DraftsSaveRequest['saves'],
): Promise<DraftsSaveResponse> {
  const results: DraftsSaveResponse['results'] = [];
  for (const chunk of draftChunks(saves)) {
    const body: DraftsSaveRequest = { client: clientId(), saves: chunk };
    const { data } = await request<unknown>('gateway', draftsPath(owner, repo), {
      method: 'PUT',
      json: body,
    });
    for (const result of parseDraftsSave(data).results) results.push(result);
  }
  return { results };
}

/** Saves cut into requests the gateway accepts, by count and by encoded size. */
export function draftChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length * 3 + 1; // UTF-8 at worst
    if (
      current.length > 0 &&
      (current.length >= DRAFT_SAVES_PER_REQUEST || bytes + size > DRAFT_REQUEST_BYTES)
    ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export async function discardDrafts(
  owner: string,
  repo: string,
  authorIds: readonly number[],
): Promise<void> {
  for (let start = 0; start < authorIds.length; start += DRAFT_SAVES_PER_REQUEST) {
    const ids = authorIds.slice(start, start + DRAFT_SAVES_PER_REQUEST);
    await request<unknown>('gateway', draftsPath(owner, repo), {
      method: 'DELETE',
      searchParams: { authors: ids.join(',') },
    });
  }
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
