import { useCallback, useEffect, useState } from 'react';
import type { AuthorEdits } from '../utils/author-edits';
import { editsKey, loadEdits, saveEdits } from '../utils/edits-storage';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Unsaved author edits, persisted per repository and import so they survive reloads and failed saves. */
export function useAuthorEdits(owner: string, repo: string, vcsUrl: string) {
  const key = editsKey(owner, repo, vcsUrl);
  const [state, setState] = useState(() => ({ key, edits: loadEdits(storage(), key) }));
  // A different import (key): start from what is stored for it.
  const current = state.key === key ? state : { key, edits: loadEdits(storage(), key) };
  if (current !== state) setState(current);

  useEffect(() => {
    saveEdits(storage(), current.key, current.edits);
  }, [current.key, current.edits]);

  const update = useCallback(
    (change: (edits: AuthorEdits) => AuthorEdits) =>
      setState((previous) => ({ key: previous.key, edits: change(previous.edits) })),
    [],
  );
  return [current.edits, update] as const;
}
