import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { adoptDrawing, drawingToHydrate, routerReady } from './drawn-page';
import { pageQueryClient } from './page-query-client';
import { nextTask } from '@/lib/next-task';

/** What a drawing that differed from the first render costs: React drew that part again. Said, not thrown. */
export const MISMATCH_WARNING = 'Ferry: the drawn page differed from the app’s first render';

/**
 * The first render's span, for traces and A/B runs: from the render asked for to its commit (layout effects
 * run, before the frame paints); `ferry:first-render` measures it, hydrating or not.
 */
const RENDER_START = 'ferry:render-start';
function markCommit(): void {
  performance.mark('ferry:first-commit');
  performance.measure('ferry:first-render', RENDER_START, 'ferry:first-commit');
}

/** Runs `onCommit` once React has committed the first render, before that frame paints. Renders no element. */
function OnFirstCommit({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * The router (its first navigation) and the React root, each a task of its own, then the first render as a
 * transition: React renders the page in slices and lets the browser breathe in between, instead of one long
 * task on a slow phone (index.html shows the bar and a loading line meanwhile).
 *
 * A page drawn at build time is hydrated: React adopts the drawn elements instead of creating them again and
 * laying them out anew (src/app/drawn-page.ts says when it cannot, and the app then replaces the drawing).
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const app = createApp(pageQueryClient());
  await nextTask();
  const page = (
    <StrictMode>
      <App queryClient={app.queryClient} router={app.router} />
    </StrictMode>
  );
  const drawing = drawingToHydrate(document, app.queryClient);
  if (!drawing) {
    const root = createRoot(container);
    performance.mark(RENDER_START);
    startTransition(() => {
      root.render(<OnFirstCommit onCommit={markCommit}>{page}</OnFirstCommit>);
    });
    return;
  }
  await routerReady(app.router);
  const adopt = () => {
    markCommit();
    adoptDrawing(drawing);
  };
  performance.mark(RENDER_START);
  startTransition(() => {
    hydrateRoot(drawing, <OnFirstCommit onCommit={adopt}>{page}</OnFirstCommit>, {
      onRecoverableError: (error) => console.warn(MISMATCH_WARNING, error),
    });
  });
}
