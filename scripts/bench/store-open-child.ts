/** Open the embedded store in DATA_DIR `argv[2]` in a fresh process, as `npm start` does; print the time in ms. */
import { openStore } from '@/server/store/open-store';

const started = performance.now();
const store = await openStore({ dataDir: process.argv[2] });
const openMs = performance.now() - started;
await store.close();
console.log(JSON.stringify({ openMs }));
