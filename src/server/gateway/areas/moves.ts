import { createMover } from '@/server/moves/mover';
import { createMoveRoutes } from '@/server/moves/routes';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/**
 * `/api/moves/*`: a move of an organization into GitHub.com (issue 36). This slice plans only (`POST
 * /api/moves/preview`): no store, no jobs; the source through today's connection, the target through its own.
 */
export function movesArea({ config, credentials, upstreams, secrets }: GatewayServices): Area {
  const mover = createMover({
    config,
    credentials,
    secrets,
    fetchGithub: upstreams.github,
    fetchTarget: upstreams.target,
  });
  let unsubscribe: (() => unknown) | undefined;
  return {
    name: 'moves',
    mount(app) {
      app.route('/api/moves', createMoveRoutes(mover));
      // A reset simulator has other repositories: the listings kept for plans are dropped.
      unsubscribe = upstreams.simulator?.onChange((change) => {
        if (change === 'reset') mover.forget();
      });
    },
    stop: () => void unsubscribe?.(),
  };
}
