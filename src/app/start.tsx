import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { pageQueryClient } from './page-query-client';
import { nextTask } from '@/lib/next-task';

/**
 * The router (its first navigation) and the React root, each a task of its own, then the first render as a
 * transition: React renders the page in slices and lets the browser breathe in between, instead of one long
 * task on a slow phone (index.html shows the bar and a loading line meanwhile).
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const app = createApp(pageQueryClient());
  await nextTask();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={app.queryClient} router={app.router} />
      </StrictMode>,
    );
  });
}
