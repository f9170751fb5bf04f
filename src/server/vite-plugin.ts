import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';

import type * as ClientErrorModule from './client-error';
import type * as ConfigModule from './config';
import type * as MemoryTasksModule from './memory-tasks';
import type * as RuntimeModule from './runtime';
import type * as FerryStoreModule from './store/ferry-store';
import type * as OpenFailureModule from './store/open-failure';
import type * as OpenStoreModule from './store/open-store';
import type * as StoreConfigModule from './store/store-config';

/**
 * `npm run dev`: Vite serves the SPA with hot reload and hands `/api/*` and `/__sim/*` to the same gateway
 * code `npm start` runs, so development sees the same allow-list, security checks and simulator.
 * The gateway is loaded through Vite's SSR loader so the `@/` alias resolves as in the app.
 */
export function ferryGatewayPlugin(): Plugin {
  return {
    name: 'ferry-gateway',
    // Vitest runs a Vite server too; loading the gateway there only races the test run's shutdown.
    apply: (_, env) => env.command === 'serve' && !process.env.VITEST,
    configureServer(server) {
      const port = server.config.server.port ?? 5173;
      const listener = (async () => {
        const { loadConfig } = (await server.ssrLoadModule('/src/server/config.ts')) as typeof ConfigModule;
        const { createRuntime } = (await server.ssrLoadModule(
          '/src/server/runtime.ts',
        )) as typeof RuntimeModule;
        // The same memory as `npm start`: the store under DATA_DIR (or DATABASE_URL) and its background tasks.
        const load = <T>(module: string) => server.ssrLoadModule(module) as Promise<T>;
        const { loadStoreConfig } = await load<typeof StoreConfigModule>('/src/server/store/store-config.ts');
        const { openStore } = await load<typeof OpenStoreModule>('/src/server/store/open-store.ts');
        const { createFerryStore } = await load<typeof FerryStoreModule>('/src/server/store/ferry-store.ts');
        const { startMemoryTasks } = await load<typeof MemoryTasksModule>('/src/server/memory-tasks.ts');
        const { explainOpenFailure } = await load<typeof OpenFailureModule>(
          '/src/server/store/open-failure.ts',
        );
        const storeConfig = loadStoreConfig(process.env);
        // As `npm start`: a store that cannot open (held by another process, unreachable) stops the server.
        const opened = await openStore({ ...storeConfig, lock: { role: 'gateway', port } }).catch(
          (error: unknown) => {
            console.error(explainOpenFailure(error, storeConfig));
            process.exit(1);
          },
        );
        const store = createFerryStore(opened);
        const runtime = createRuntime({ ...loadConfig(process.env), port }, { store });
        startMemoryTasks(runtime.memory, store, runtime.jobs);
        const { answerUnparsedRequest } = await load<typeof ClientErrorModule>('/src/server/client-error.ts');
        return getRequestListener(runtime.app.fetch, { errorHandler: answerUnparsedRequest });
      })();
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/') && !req.url?.startsWith('/__sim/')) return next();
        listener.then((handle) => handle(req, res)).catch(next);
      });
    },
  };
}
