import { createControlApp } from '@/simulator/control';
import { OAUTH_AUTHORIZE_PATH } from '@/simulator/github/oauth/oauth-apps';
import { loopbackOnly } from '@/simulator/loopback-only';
import { SIMULATOR_ORIGIN } from '@/server/config';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/**
 * The simulated source GitHub's authorize page on the gateway's own origin (GitHub simulated only): a browser
 * cannot reach the embedded simulator's `http://simulator.internal/login/oauth/authorize`, so a sign-in sends it
 * here (same query string). The token exchange stays server-side, on `SIMULATOR_ORIGIN` through the GitHub
 * upstream. Under `/__sim`: loopback callers only, like the control interface.
 */
export const SIM_AUTHORIZE_PATH = `/__sim/github${OAUTH_AUTHORIZE_PATH}`;

/**
 * The embedded simulator's control interface (`/__sim/*`, loopback callers only unless a test says so). A reset
 * starts the seeded world again (ids included): what described the old one is forgotten — only the simulated
 * areas' records (a live upstream's stay, in mixed modes).
 */
export function simulatorArea(services: GatewayServices, controlAccess: 'loopback' | 'any'): Area {
  const { config, store, waves, watcher } = services;
  const { simulator, simulatorWorld } = services.upstreams;
  const githubSimulated = config.github.mode === 'simulator';
  if (simulator && watcher && githubSimulated) {
    simulator.onChange((change) => {
      if (change === 'reset') watcher.clear();
      else void watcher.nudge();
    });
  }
  return {
    name: 'simulator',
    mount(app) {
      if (!simulator) return;
      if (controlAccess !== 'any') app.use('/__sim/*', loopbackOnly);
      if (store) {
        app.use('/__sim/reset', async (c, next) => {
          await next();
          if (!c.res.ok) return;
          await store.forgetSimulatedWorld({
            github: githubSimulated,
            target: config.target.mode === 'simulator',
            registrar: config.registrar.mode === 'simulator',
          });
          // Waves name exports of the old world by id; the new world reuses those ids.
          if (githubSimulated) waves?.forget();
        });
      }
      if (githubSimulated) {
        app.get(SIM_AUTHORIZE_PATH, (c) => {
          const { search } = new URL(c.req.url);
          const accept = c.req.header('accept');
          return simulator.fetch(
            new Request(`${SIMULATOR_ORIGIN}${OAUTH_AUTHORIZE_PATH}${search}`, {
              headers: accept ? { accept } : {},
            }),
          );
        });
      }
      app.route('/__sim', createControlApp(simulator));
    },
    // Last of all (the areas stop in reverse order): what the other areas' last requests changed is kept.
    stop: () => simulatorWorld?.close(),
  };
}
