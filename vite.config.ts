/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { earlyEntry } from './scripts/early-entry.ts';
import { precompressAssets } from './scripts/precompress.ts';
import { prerenderPages } from './scripts/prerender-pages.ts';
import { SlowestFirst } from './scripts/slowest-first.ts';
import { storeTemplateDir } from './scripts/store-template-dir.ts';
import { ferryGatewayPlugin } from './src/server/vite-plugin.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * React Router publishes its production build (no development warnings) without an export condition that picks
 * it; the browser build takes it by path. Both entries, so the two share one copy of the router's chunks.
 */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    ferryGatewayPlugin(),
    precompressAssets(),
    earlyEntry(import.meta.dirname),
    prerenderPages(import.meta.dirname),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: true,
    // The browser build only: fewer, larger chunks (see scripts/chunk-groups.ts).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: chunkGroups(import.meta.dirname) } } },
  },
  test: {
    // One worker more than there are cores: many suites mostly wait (child processes, leases, sockets), and
    // Vitest's default for a run (cores − 1) ran one file at a time on a 2-core machine (607 s, a file running
    // only two thirds of it). On a PostgreSQL server (DATABASE_URL) the suites share one database: one at a time,
    // unless FERRY_TEST_WORKERS says otherwise (the team suites make a database each).
    maxWorkers:
      Number(process.env.FERRY_TEST_WORKERS) || (process.env.DATABASE_URL ? 1 : availableParallelism() + 1),
    // Files share the cores now, so a test's time says little: 5 s timed out CPU-heavy renders under load.
    // Timeouts catch hangs; speed is the benchmarks' job.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The longest files first, from committed durations (a fresh clone has no Vitest cache to order by).
    sequence: { sequencer: SlowestFirst },
    // New embedded stores (and the gateways the suites start) copy one initdb folder instead of running initdb.
    env: { FERRY_STORE_TEMPLATE_DIR: storeTemplateDir(import.meta.dirname) },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/{app,features,components,hooks,lib,testing}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.isolated.test.{ts,tsx}', '**/node_modules/**'],
          setupFiles: ['./src/testing/setup-tests.ts'],
          // One module graph per worker, not one per file: loading MUI, React and happy-dom again for each
          // of ~70 files was two thirds of this project's time (6.7 → 2.2 min on 2 cores). setup-tests.ts
          // resets the shared state before each test; files that mock modules run isolated (below).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'happy-dom',
          include: ['src/{app,features,components,hooks,lib,testing}/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker here too: loading each file's graph again was 161 s of the project's
          // 346 s (29 s shared; 241 s in all, 3.5 CPU-minutes less). Every gateway, store and simulator is built
          // per test by its factory; the one file that sets process.env puts it back.
          isolate: false,
          include: [
            'src/{server,simulator,contracts}/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/hardening/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            // The test tooling's own parts (the order files run in).
            'tests/tooling/**/*.test.ts',
            // The pages drawn at build time: the app's components rendered in Node, as the build does.
            'tests/build/**/*.test.ts',
            // The bench's pure parts (trace arithmetic); the bench itself runs in CI as `npm run bench -- --smoke`.
            'tests/bench/**/*.test.ts',
          ],
        },
      },
    ],
  },
}));
