import { createRequire } from 'node:module';
import type * as TarStream from 'tar-stream';

/**
 * tar-stream is CommonJS. Vite's SSR loader (the dev server's gateway plugin, which Vitest also runs) would
 * inline it as ESM and fail ("exports is not defined"), so it is loaded with Node's own require.
 */
const require = createRequire(import.meta.url);
export const tarStream = require('tar-stream') as typeof TarStream;
