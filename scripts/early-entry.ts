import path from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformHook, Plugin } from 'vite';

/** The second browser entry: starts the page's data while the app's code loads (src/early-data.ts). */
export const EARLY_ENTRY = 'src/early-data.ts';
/** The app's entry, which evaluates the app in stages (see stagePreloads). */
const APP_ENTRY = 'src/main.tsx';

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
          ...stagePreloads(context.bundle),
        ];
      },
    },
  };
}

type Bundle = NonNullable<Parameters<IndexHtmlTransformHook>[1]['bundle']>;

/**
 * `src/main.tsx` evaluates the app in stages through `import()` (one chunk per task). Vite preloads only an
 * entry's static imports, so the chunks of those stages would be asked for one after another, a round trip
 * each: preload them (and what they import) from index.html as well. A preload fetches and compiles, it
 * does not evaluate.
 */
function stagePreloads(bundle: Bundle): HtmlTagDescriptor[] {
  // index.html's module script: Vite names its chunk after the page, not after src/main.tsx.
  const entry = Object.values(bundle).find(
    (output) =>
      output.type === 'chunk' && output.isEntry && output.moduleIds.some((id) => id.endsWith(APP_ENTRY)),
  );
  if (entry?.type !== 'chunk') return [];
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const next of chunk.imports) visit(next);
  };
  for (const fileName of entry.dynamicImports) visit(fileName);
  // Those the entry imports statically are in index.html already.
  for (const fileName of entry.imports) files.delete(fileName);
  return [...files].map((fileName) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
    injectTo: 'head' as const,
  }));
}
