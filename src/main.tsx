import { CODE_FAILED_MESSAGE } from './contracts/prerendered-pages';
import { nextTask } from './lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The app's code arrives as three chunks (React DOM, the libraries with the theme, the app; index.html
 * preloads all three) and is evaluated one chunk per task: evaluating it all at once was one ~100 ms task,
 * ×4 on a slow phone. Each import evaluates only what the chunks before it have not.
 */
async function start(root: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./app/theme/theme');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  await startApp(root);
}

try {
  await start(container);
} catch (error) {
  // A chunk that did not arrive (connection lost, a deploy replaced it): say so instead of loading forever,
  // and take away the page drawn at build time, whose buttons would never answer.
  document.getElementById('prerendered')?.remove();
  const status = container.querySelector('[role="status"]');
  if (status) status.textContent = CODE_FAILED_MESSAGE;
  throw error;
}
