import path from 'node:path';
import type { Plugin } from 'vite';

/** The second browser entry: starts the page's data while the app's code loads (src/early-data.ts). */
export const EARLY_ENTRY = 'src/early-data.ts';

/**
 * Adds `<script type="module" async>` for the early-data entry to index.html. Vite folds every module script
 * written in index.html into its one entry, whose modules all evaluate together once the whole app has
 * arrived; as a separate entry, loaded `async`, it runs as soon as its own few modules are in.
 */
export function earlyEntry(root: string): Plugin {
  return {
    name: 'ferry-early-entry',
    config(_config, { command, isSsrBuild }) {
      if (command !== 'build' || isSsrBuild) return;
      return {
        build: {
          rolldownOptions: {
            input: { index: path.resolve(root, 'index.html'), 'early-data': path.resolve(root, EARLY_ENTRY) },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // Build only: under `vite dev` an async entry could load the page's modules before React Refresh's
        // preamble has run, which breaks them; the route's loader still starts the data there.
        if (!context.bundle) return;
        const chunk = Object.values(context.bundle).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(EARLY_ENTRY),
        );
        if (!chunk) return;
        const src = `/${chunk.fileName}`;
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
