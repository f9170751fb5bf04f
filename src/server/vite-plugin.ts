import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';

import type * as ConfigModule from './config';
import type * as RuntimeModule from './runtime';

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
        const runtime = createRuntime({ ...loadConfig(process.env), port });
        return getRequestListener(runtime.app.fetch);
      })();
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/') && !req.url?.startsWith('/__sim/')) return next();
        listener.then((handle) => handle(req, res)).catch(next);
      });
    },
  };
}
