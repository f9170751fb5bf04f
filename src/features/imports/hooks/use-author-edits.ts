import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AuthorDraftEntry, DraftsResponse } from '@/contracts/ferry';
import { clientId } from '@/lib/client-id';
import { discardDrafts, draftQueries, saveDrafts } from '../api/author-drafts';
import type { AuthorEdits } from '../utils/author-edits';
import {
  changedElsewhere,
  hasPending,
  mergeEdits,
  pendingFrom,
  withoutSent,
  type PendingDrafts,
} from '../utils/draft-sync';
import {
  clearEdits,
  editsKey,
  loadEdits,
  loadPending,
  pendingKey,
  savePending,
} from '../utils/edits-storage';
import { setWriteAnswer } from '@/lib/write-answer';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Unsent edits wait this long for the typing to pause, then go to the store in one request. */
export const DRAFT_SYNC_DELAY_MS = 600;
/** After a failed sync, try again this much later (edits stay in this browser meanwhile). */
export const DRAFT_RETRY_MS = 5_000;

export interface DraftNotice {
  id: string;
  text: string;
}

export interface DraftSync {
  /** `saved` when every edit is in the store; `pending` while some wait; `offline` when the store fails. */
  status: 'saved' | 'pending' | 'offline';
  /** Edits only this browser holds (not yet in the store). */
  unsent: number;
  /** Why the store did not take them, when it failed. */
  error: unknown;
  notices: DraftNotice[];
  dismiss: (id: string) => void;
  /** Edits only this browser's localStorage holds, from before drafts moved to the store: offered once. */
  legacy: { count: number; upload: () => void; discard: () => void } | undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const describe = (draft: Pick<AuthorDraftEntry, 'name' | 'email'>) =>
  [draft.name, draft.email && `<${draft.email}>`].filter(Boolean).join(' ') || 'an empty mapping';

/**
 * Author-mapping drafts, per import, kept in the gateway's store so every browser sees them. Edits not yet in
 * the store wait in this browser's localStorage (a reload or a failing store loses nothing) and are sent
 * after a pause in typing. Two people editing one author: the later save wins, and each side is told.
 */
export function useAuthorEdits(
  owner: string,
  repo: string,
  vcsUrl: string,
  /** The name the source repository knows an author by: notices name people, not GitHub's numbers. */
  nameOf?: (authorId: number) => string | undefined,
) {
  const queryClient = useQueryClient();
  const nameRef = useRef(nameOf);
  useLayoutEffect(() => {
    nameRef.current = nameOf;
  }, [nameOf]);
  const author = useCallback((authorId: number) => {
    const name = nameRef.current?.(authorId);
    return name ? `the author “${name}”` : `author ${authorId}`;
  }, []);
  const options = draftQueries.list(owner, repo);
  const drafts = useQuery(options);
  const server = useMemo(() => drafts.data?.drafts ?? [], [drafts.data]);
  // Callbacks (an edit, the sync) read the drafts list from the cache, not from the last render: a save's
  // answer is in the cache a moment before React renders it, and an edit merged from the list as last
  // rendered lost the saved value (an email gone when the name was committed: the editor test's "Showing 0").
  const listKey = useMemo(() => draftQueries.list(owner, repo).queryKey, [owner, repo]);
  const cachedList = useCallback(
    () => queryClient.getQueryData<DraftsResponse>(listKey)?.drafts ?? [],
    [queryClient, listKey],
  );

  const key = pendingKey(owner, repo, vcsUrl);
  const [state, setState] = useState(() => ({ key, pending: loadPending(storage(), key) }));
  const current = state.key === key ? state : { key, pending: loadPending(storage(), key) };
  if (current !== state) setState(current);
  const { pending } = current;

  useEffect(() => {
    savePending(storage(), current.key, current.pending);
  }, [current.key, current.pending]);

  const edits = useMemo(() => mergeEdits(server, pending), [server, pending]);
  const update = useCallback(
    (change: (edits: AuthorEdits) => AuthorEdits) =>
      setState((previous) => {
        const list = cachedList();
        return { key: previous.key, pending: pendingFrom(change(mergeEdits(list, previous.pending)), list) };
      }),
    [cachedList],
  );

  const [notices, setNotices] = useState<DraftNotice[]>([]);
  const notify = useCallback(
    (text: string) => setNotices((all) => [...all.slice(-4), { id: `${Date.now()}-${all.length}`, text }]),
    [],
  );
  const dismiss = useCallback(
    (id: string) => setNotices((all) => all.filter((notice) => notice.id !== id)),
    [],
  );

  // Someone else's saves arrive by polling: say so.
  const seen = useRef<readonly AuthorDraftEntry[] | undefined>(undefined);
  useEffect(() => {
    if (!drafts.data) return;
    const before = seen.current;
    seen.current = drafts.data.drafts;
    if (!before) return;
    for (const draft of changedElsewhere(before, drafts.data.drafts, clientId())) {
      notify(
        `${capitalised(author(draft.authorId))} was changed in another browser: now ${describe(draft)}.`,
      );
    }
  }, [drafts.data, notify, author]);

  const sync = useMutation({
    mutationFn: async (sent: PendingDrafts) => {
      const byId = new Map(cachedList().map((draft) => [String(draft.authorId), draft.version]));
      const saves = Object.entries(sent.edits).map(([id, edit]) => ({
        authorId: Number(id),
        name: edit.name ?? '',
        email: edit.email ?? '',
        baseVersion: byId.get(id) ?? 0,
      }));
      const saved = saves.length ? await saveDrafts(owner, repo, saves) : { results: [] };
      if (sent.deletes.length) await discardDrafts(owner, repo, sent.deletes);
      return { saved, sent };
    },
    onSuccess: async ({ saved, sent }) => {
      const gone = new Set(sent.deletes);
      const fresh = new Map(saved.results.map((result) => [result.draft.authorId, result.draft]));
      // A refresh that read the store before this save would take it back (setWriteAnswer cancels it).
      await setWriteAnswer<DraftsResponse>(queryClient, options.queryKey, (previous) => {
        const kept = (previous?.drafts ?? []).filter(
          (draft) => !gone.has(draft.authorId) && !fresh.has(draft.authorId),
        );
        const next = [...kept, ...fresh.values()].sort((a, b) => a.authorId - b.authorId);
        seen.current = next;
        return { drafts: next };
      });
      for (const result of saved.results) {
        if (result.overwrote) {
          notify(
            `Your mapping of ${author(result.draft.authorId)} replaced one saved in another browser a moment before (${describe(result.overwrote)}).`,
          );
        }
      }
      setState((previous) => ({ key: previous.key, pending: withoutSent(previous.pending, sent) }));
    },
  });

  const storeReady = drafts.isSuccess;
  const syncing = sync.isPending;
  const failedAt = sync.isError ? sync.failureCount : 0;
  useEffect(() => {
    if (!storeReady || syncing || !hasPending(pending)) return;
    const timer = setTimeout(() => sync.mutate(pending), failedAt ? DRAFT_RETRY_MS : DRAFT_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
    // `sync` is stable in identity where it matters (mutate); depending on it would resend every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storeReady, syncing, pending, failedAt]);

  // Drafts from before the store, in this browser only: offered once.
  const legacyKey = editsKey(owner, repo, vcsUrl);
  const [legacyEdits, setLegacyEdits] = useState(() => loadEdits(storage(), legacyKey));
  const legacyCount = Object.keys(legacyEdits).length;
  const legacy = legacyCount
    ? {
        count: legacyCount,
        upload: () => {
          update((all) => ({ ...all, ...legacyEdits }));
          clearEdits(storage(), legacyKey);
          setLegacyEdits({});
        },
        discard: () => {
          clearEdits(storage(), legacyKey);
          setLegacyEdits({});
        },
      }
    : undefined;

  const status: DraftSync['status'] =
    drafts.isError || sync.isError ? 'offline' : hasPending(pending) ? 'pending' : 'saved';
  const unsent = Object.keys(pending.edits).length + pending.deletes.length;
  const draftSync: DraftSync = {
    status,
    unsent,
    error: sync.error ?? drafts.error,
    notices,
    dismiss,
    legacy,
  };
  return [edits, update, draftSync] as const;
}
