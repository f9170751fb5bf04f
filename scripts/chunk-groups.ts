import path from 'node:path';
import { EARLY_ENTRY } from './early-entry.ts';

/** The theme is MUI's work (creating it is most of its cost): it goes with MUI, evaluated before our code. */
const THEME = 'src/app/theme/theme.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Libraries heavy enough to stay in their own lazy chunks (charts, schema forms, CSV): never in `shared`. */
const HEAVY = /node_modules[\\/](@mui[\\/]x-|@rjsf|ajv|papaparse|@cfworker|d3-)/;

/**
 * Vite's helper behind every `import()`: `src/main.tsx` needs it before any stage, so it must not sit in a
 * stage's chunk (in `app`, the entry would import that chunk statically and evaluate everything at once).
 */
const PRELOAD_HELPER = /vite\/preload-helper/;

/** React DOM and its scheduler: the first of the three chunks the entry evaluates, one per task. */
const REACT_DOM = /node_modules[\\/](react-dom|scheduler)[\\/]/;

/**
 * How the browser build is split (Rolldown `codeSplitting` groups), for a slow phone connection: every module
 * the first page (the overview) needs goes into three chunks, preloaded together and evaluated one per task
 * by `src/main.tsx` (one ~100 ms task before): `react-dom`, `vendor` (the other libraries, with the theme,
 * which is MUI work) and `app` (our code). By default Rolldown made 26 small chunks of them, one request
 * each. Code shared by several other pages goes into one `shared` chunk (36 more requests on the import
 * page). Heavy parts stay lazy where they are used.
 */
export function chunkGroups(root: string) {
  const app = reachableFrom(
    ['src/app/start.tsx', 'src/app/routes/overview.tsx'].map((file) => path.resolve(root, file)),
  );
  const theme = path.resolve(root, THEME);
  // The early-data entry's few modules get their own chunk, which the others import: in `app`, the early
  // entry would wait for all of the app's code.
  const earlyEntry = path.resolve(root, EARLY_ENTRY);
  const early = reachableFrom([earlyEntry]);
  const firstPage = (id: string, graph: ModuleGraph) => app(graph).has(id) && !early(graph).has(id);
  return [
    {
      debugName: 'early',
      name: (id: string, graph: ModuleGraph) =>
        id !== earlyEntry && (early(graph).has(id) || PRELOAD_HELPER.test(id)) ? 'early' : null,
      priority: 40,
    },
    {
      debugName: 'react-dom',
      name: (id: string, graph: ModuleGraph) =>
        firstPage(id, graph) && REACT_DOM.test(id) ? 'react-dom' : null,
      priority: 30,
    },
    {
      debugName: 'vendor',
      name: (id: string, graph: ModuleGraph) =>
        firstPage(id, graph) && (id.includes('node_modules') || id === theme) ? 'vendor' : null,
      priority: 25,
    },
    {
      debugName: 'app',
      name: (id: string, graph: ModuleGraph) => (app(graph).has(id) ? 'app' : null),
      priority: 20,
    },
    {
      debugName: 'shared',
      name: (id: string, graph: ModuleGraph) => (app(graph).has(id) || HEAVY.test(id) ? null : 'shared'),
      minShareCount: 3,
      priority: 10,
    },
  ];
}

/** The modules `entries` import statically, directly or not (worked out once). */
function reachableFrom(entries: string[]) {
  let seen: Set<string> | undefined;
  return (graph: ModuleGraph) => {
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [...entries];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
}
