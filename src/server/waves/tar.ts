import { createRequire } from 'node:module';
import type * as TarStream from 'tar-stream';

/** tar-stream is CommonJS; loaded with Node's require so Vite's SSR loader (dev server, Vitest) does not inline it. */
const require = createRequire(import.meta.url);
export const tarStream = require('tar-stream') as typeof TarStream;
