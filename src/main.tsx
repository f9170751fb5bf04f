import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/app';
import { pageQueryClient } from './app/page-query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = createApp(pageQueryClient());
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
