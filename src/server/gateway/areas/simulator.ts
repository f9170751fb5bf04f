import { createControlApp } from '@/simulator/control';
import { loopbackOnly } from '@/simulator/loopback-only';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

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
      app.route('/__sim', createControlApp(simulator));
    },
    // Last of all (the areas stop in reverse order): what the other areas' last requests changed is kept.
    stop: () => simulatorWorld?.close(),
  };
}
