import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';

import type * as ClientErrorModule from './client-error';
import type * as OpenGatewayModule from './gateway/open-gateway';

/** What the dev plugin shares with other plugins and tests: the gateway it serves, once open. */
export interface FerryGatewayApi {
  opened?: Promise<OpenGatewayModule.OpenedGateway>;
  /** The area names whose background work started (alerts, waves, memory tasks). */
  started?: Promise<string[]>;
}

/**
 * `npm run dev`: Vite serves the SPA with hot reload and hands `/api/*`, `/metrics` and `/__sim/*` to the
 * gateway `npm start` runs — the same composition root (`src/server/gateway/`), store, archives, background
 * work and routes. It is loaded through Vite's SSR loader so the `@/` alias resolves as in the app.
 */
export function ferryGatewayPlugin(options: { underVitest?: boolean } = {}): Plugin {
  const api: FerryGatewayApi = {};
  return {
    name: 'ferry-gateway',
    api,
    // Vitest runs a Vite server too; loading the gateway there only races the test run's shutdown (the
    // dev-server test asks for it).
    apply: (_, env) => env.command === 'serve' && (options.underVitest === true || !process.env.VITEST),
    configureServer(server) {
      const port = server.config.server.port ?? 5173;
      const load = <T>(module: string) => server.ssrLoadModule(module) as Promise<T>;
      api.opened = (async () => {
        const { openGateway, GatewayStartError } = await load<typeof OpenGatewayModule>(
          '/src/server/gateway/open-gateway.ts',
        );
        // As `npm start`: a store that cannot open (held by another process, unreachable) stops the server.
        return openGateway(process.env, { port }).catch((error: unknown) => {
          console.error(error instanceof GatewayStartError ? error.message : String(error));
          if (options.underVitest) throw error;
          process.exit(1);
        });
      })();
      api.started = api.opened.then(({ gateway }) => gateway.start());
      const listener = api.opened.then(async ({ gateway }) => {
        const { answerUnparsedRequest } = await load<typeof ClientErrorModule>('/src/server/client-error.ts');
        return getRequestListener(gateway.app.fetch, { errorHandler: answerUnparsedRequest });
      });
      server.httpServer?.once('close', () => void api.opened?.then((opened) => opened.close()));
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (!url.startsWith('/api/') && !url.startsWith('/__sim/') && url !== '/metrics') return next();
        listener.then((handle) => handle(req, res)).catch(next);
      });
    },
  };
}
