import path from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformHook, Plugin } from 'vite';
import { PAGE_CHUNKS_ID } from '../src/app/page-chunks-id.ts';

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
          pageChunksTag(context.bundle),
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
  const entry = appEntry(bundle);
  if (!entry) return [];
  const files = new Set<string>();
  for (const fileName of entry.dynamicImports) closure(bundle, fileName, files);
  // Those the entry imports statically are in index.html already.
  for (const fileName of entry.imports) files.delete(fileName);
  return [...files].map((fileName) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
    injectTo: 'head' as const,
  }));
}

const PAGE_MODULE = /src\/app\/routes\/([\w-]+)\.tsx$/;

/**
 * Each page module's chunks beyond those index.html preloads anyway, as JSON the early entry reads to
 * preload the code of the page being opened (`src/app/page-code.ts`).
 */
function pageChunksTag(bundle: Bundle): HtmlTagDescriptor {
  const entry = appEntry(bundle);
  const preloaded = new Set<string>();
  if (entry) {
    closure(bundle, entry.fileName, preloaded);
    for (const fileName of entry.dynamicImports) closure(bundle, fileName, preloaded);
  }
  const pages: Record<string, string[]> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.isDynamicEntry) continue;
    const page = PAGE_MODULE.exec(output.facadeModuleId ?? '');
    if (!page?.[1]) continue;
    const files = new Set<string>();
    closure(bundle, output.fileName, files);
    pages[page[1]] = [...files].filter((fileName) => !preloaded.has(fileName));
  }
  return {
    tag: 'script',
    attrs: { type: 'application/json', id: PAGE_CHUNKS_ID },
    // JSON inside a script element: no "</script>" can close it early.
    children: JSON.stringify(pages).replace(/</g, '\\u003c'),
    injectTo: 'head',
  };
}

/** index.html's module script: Vite names its chunk after the page, not after src/main.tsx. */
function appEntry(bundle: Bundle) {
  const entry = Object.values(bundle).find(
    (output) =>
      output.type === 'chunk' && output.isEntry && output.moduleIds.some((id) => id.endsWith(APP_ENTRY)),
  );
  return entry?.type === 'chunk' ? entry : undefined;
}

/** `fileName` and every chunk it imports statically, into `files`. */
function closure(bundle: Bundle, fileName: string, files: Set<string>): void {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || files.has(fileName)) return;
  files.add(fileName);
  for (const next of chunk.imports) closure(bundle, next, files);
}
