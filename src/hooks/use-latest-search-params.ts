import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Which params later writes start from, once a render shows `rendered`: the writes still waiting to be rendered
 * (oldest first) say whether that render is the last write, an earlier write rendered late (its effect can run
 * after a newer write: keep the newer), or a navigation from elsewhere (take it).
 */
export function adoptRendered(
  state: { latest: string; written: readonly string[] },
  rendered: string,
): { latest: string; written: string[] } {
  const at = state.written.lastIndexOf(rendered);
  if (at === -1 || at === state.written.length - 1) return { latest: rendered, written: [] };
  return { latest: state.latest, written: state.written.slice(at + 1) };
}

/**
 * `useSearchParams`, with an update that starts from the address as last written rather than as last rendered.
 * React Router's functional setter reads the params of the render that made it, so two writes before a
 * re-render (a filter click, then a list reporting its scroll row) would undo the first; and a render's effect
 * may run after the next write (a busy machine), so what it saw must not replace a newer write.
 */
export function useLatestSearchParams(): [
  URLSearchParams,
  (update: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const state = useRef({ latest: params.toString(), written: [] as string[] });
  useEffect(() => {
    state.current = adoptRendered(state.current, params.toString());
  }, [params]);
  const updateParams = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const next = update(new URLSearchParams(state.current.latest));
      state.current = { latest: next.toString(), written: [...state.current.written, next.toString()] };
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, updateParams];
}
