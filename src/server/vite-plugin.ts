import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { loadConfig } from './config';
import { createRuntime } from './runtime';

/**
 * `npm run dev`: Vite serves the SPA with hot reload and hands `/api/*` and `/__sim/*` to the same gateway
 * code `npm start` runs, so development sees the same allow-list, security checks and simulator.
 */
export function ferryGatewayPlugin(): Plugin {
  return {
    name: 'ferry-gateway',
    apply: 'serve',
    configureServer(server) {
      const port = server.config.server.port ?? 5173;
      const config = { ...loadConfig(process.env), port };
      const runtime = createRuntime(config);
      const listener = getRequestListener(runtime.app.fetch);
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/api/') || req.url?.startsWith('/__sim/')) {
          void listener(req, res);
          return;
        }
        next();
      });
    },
  };
}
