import { nextTask } from './lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The app's code arrives as three chunks (React DOM, MUI with Emotion, the app; index.html preloads all
// three) and is evaluated here one chunk per task: evaluating it all at once was one ~100 ms task, ×4 on a
// slow phone. Each import evaluates only what the chunks before it have not.
await import('react-dom/client');
await nextTask();
await import('./app/theme/theme');
await nextTask();
const { startApp } = await import('./app/start');
await nextTask();
await startApp(container);
