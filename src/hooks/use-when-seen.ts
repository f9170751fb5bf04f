import { useCallback, useEffect, useState } from 'react';

export interface WhenSeenOptions {
  /** How far outside the viewport counts as seen: one viewport above and below by default. */
  rootMargin?: string;
  /** The latest an idle callback may wait; also the plain timer's delay where there is none (Safari). */
  idleTimeoutMs?: number;
}

export interface WhenSeen<T extends Element> {
  /** Put on the placeholder (or the part's box): its distance to the viewport is what is watched. */
  ref: (node: T | null) => void;
  /** True from the moment the part may start; never goes back. */
  started: boolean;
  /** Start at once: a person asked for the part (focus, a click). */
  start: () => void;
}

/**
 * "Start now" for a heavy part (a chart, a form generator): when its box comes within `rootMargin` of the
 * viewport or the main thread is idle, whichever is first. Until then the caller draws a placeholder of the
 * same size, so the page's first seconds carry none of the part's code or layout.
 */
export function useWhenSeen<T extends Element>({
  rootMargin = '100% 0px',
  idleTimeoutMs = 2_000,
}: WhenSeenOptions = {}): WhenSeen<T> {
  const [node, setNode] = useState<T | null>(null);
  const [started, setStarted] = useState(false);
  const start = useCallback(() => setStarted(true), []);

  useEffect(() => {
    if (started) return;
    // IntersectionObserver reports the box's current state once when observing begins: a part already in
    // view starts in the next frame.
    const observer =
      node && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
            rootMargin,
          })
        : undefined;
    if (node) observer?.observe(node);
    const cancelIdle = whenIdle(start, idleTimeoutMs);
    return () => {
      observer?.disconnect();
      cancelIdle();
    };
  }, [node, started, start, rootMargin, idleTimeoutMs]);

  return { ref: setNode, started, start };
}

/** Calls `run` when the main thread is idle (at the latest after `timeoutMs`); returns its cancellation. */
function whenIdle(run: () => void, timeoutMs: number): () => void {
  // Both taken now: the cancellation must match the request even if the globals change meanwhile (tests).
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = globalThis;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request(run, { timeout: timeoutMs });
    return () => cancel(handle);
  }
  const timer = setTimeout(run, timeoutMs);
  return () => clearTimeout(timer);
}
