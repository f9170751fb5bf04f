import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { adoptDrawing, drawingToHydrate, routerReady } from './drawn-page';
import { pageQueryClient } from './page-query-client';
import { nextTask } from '@/lib/next-task';

/** What a drawing that differed from the first render costs: React drew that part again. Said, not thrown. */
export const MISMATCH_WARNING = 'Ferry: the drawn page differed from the app’s first render';

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
    startTransition(() => {
      root.render(page);
    });
    return;
  }
  await routerReady(app.router);
  const adopt = () => adoptDrawing(drawing);
  startTransition(() => {
    hydrateRoot(drawing, <OnFirstCommit onCommit={adopt}>{page}</OnFirstCommit>, {
      onRecoverableError: (error) => console.warn(MISMATCH_WARNING, error),
    });
  });
}
