import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `useSearchParams`, with an update that starts from the address as last written rather than as last rendered.
 * React Router's functional setter reads the params of the render that made it, so two writes before a
 * re-render (a filter click, then a list reporting its scroll row) would undo the first.
 */
export function useLatestSearchParams(): [
  URLSearchParams,
  (update: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const updateParams = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const next = update(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, updateParams];
}
