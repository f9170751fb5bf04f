import path from 'node:path';
import { EARLY_ENTRY } from './early-entry.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Libraries heavy enough to stay in their own lazy chunks (charts, schema forms, CSV): never in `shared`. */
const HEAVY = /node_modules[\\/](@mui[\\/]x-|@rjsf|ajv|papaparse|@cfworker|d3-)/;

/**
 * How the browser build is split (Rolldown `codeSplitting` groups), for a slow phone connection: every module
 * the entry and the first page load goes into one `app` chunk (by default Rolldown made 26 small chunks of
 * them, one request each), and code shared by several other pages into one `shared` chunk (36 more requests
 * on the import page). Heavy parts stay lazy where they are used.
 */
export function chunkGroups(root: string) {
  // The first page (the overview) is in the entry's chunk too: it alone then needs no other request.
  const app = reachableFrom(
    ['src/main.tsx', 'src/app/routes/overview.tsx'].map((file) => path.resolve(root, file)),
  );
  // The early-data entry's few modules get their own chunk, which the app chunk imports: in `app`, the early
  // entry would wait for all of the app's code.
  const earlyEntry = path.resolve(root, EARLY_ENTRY);
  const early = reachableFrom([earlyEntry]);
  return [
    {
      debugName: 'early',
      name: (id: string, graph: ModuleGraph) => (id !== earlyEntry && early(graph).has(id) ? 'early' : null),
      priority: 30,
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
