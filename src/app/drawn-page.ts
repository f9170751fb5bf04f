import type { QueryClient } from '@tanstack/react-query';

/** The id of the element that holds the page drawn at build time (scripts/prerender-pages.ts). */
export const DRAWING_ID = 'prerendered';

/**
 * The drawn page to hydrate, or undefined when the app must draw itself: no drawing (a dark scheme's guard
 * removed it, or an address no page claims), or answers already asked for before the app ran (the import page's
 * early data). The drawing shows every query pending; a first render that finds answers, or one that receives
 * them half-way through its slices, would differ from it, and React would throw the drawing away anyway.
 */
export function drawingToHydrate(document: Document, queryClient: QueryClient): HTMLElement | undefined {
  const drawing = document.getElementById(DRAWING_ID);
  if (!drawing || drawing.parentElement?.id !== 'root') return undefined;
  if (queryClient.getQueryCache().getAll().length > 0) return undefined;
  return drawing;
}

/**
 * Once React owns the drawing: it answers clicks (no longer inert), loses the id that marks a drawing (the code
 * loader and start-up failure remove that element), and index.html's bar and loading line beside it go, as they
 * did when the app replaced everything under #root.
 */
export function adoptDrawing(drawing: HTMLElement): void {
  drawing.inert = false;
  drawing.removeAttribute('inert');
  drawing.removeAttribute('id');
  for (const sibling of [...(drawing.parentElement?.children ?? [])]) {
    if (sibling !== drawing) sibling.remove();
  }
}

interface StartingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves when the router has loaded the page's lazy module: before that it renders its loading fallback,
 * which is not what the build drew. The page's chunk is preloaded by the early entry, so this is short.
 */
export function routerReady(router: StartingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
