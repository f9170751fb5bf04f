import path from 'node:path';

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
  const entries = ['src/main.tsx', 'src/app/routes/overview.tsx'].map((file) => path.resolve(root, file));
  let fromEntry: Set<string> | undefined;
  /** The modules the entry and the first page import statically, directly or not. */
  const reachable = (graph: ModuleGraph) => {
    if (fromEntry) return fromEntry;
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    fromEntry = seen;
    return seen;
  };
  return [
    {
      debugName: 'app',
      name: (id: string, graph: ModuleGraph) => (reachable(graph).has(id) ? 'app' : null),
      priority: 20,
    },
    {
      debugName: 'shared',
      name: (id: string, graph: ModuleGraph) =>
        reachable(graph).has(id) || HEAVY.test(id) ? null : 'shared',
      minShareCount: 3,
      priority: 10,
    },
  ];
}
