import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/app';
import { pageQueryClient } from './app/page-query-client';

/** A task boundary: the browser may paint and answer input between two start-up steps. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The app's modules, the router (its first navigation) and the React root each run as a task of their own:
// together they were one ~100 ms task, ×4 on a slow phone.
await nextTask();
const app = createApp(pageQueryClient());
await nextTask();
const root = createRoot(container);
// A transition: React renders the first page in slices and lets the browser breathe in between, instead of
// one long task on a slow phone (index.html shows the bar and a loading line meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={app.queryClient} router={app.router} />
    </StrictMode>,
  );
});
