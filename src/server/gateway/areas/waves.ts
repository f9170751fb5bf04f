import { createWaveRoutes } from '@/server/waves/routes';
import { answerUnavailable, type Area } from '../area';
import type { GatewayServices } from '../services';

/** `/api/waves/*`; started, the unfinished waves resume (this gateway takes its share of their steps). */
export function wavesArea({ waves, archiveDir }: GatewayServices): Area {
  return {
    name: 'waves',
    mount(app) {
      if (waves && archiveDir) app.route('/api/waves', createWaveRoutes(waves, archiveDir));
      else answerUnavailable(app, '/api/waves/*', 'Ferry’s store is not open.');
    },
    start: () => waves?.start(),
    stop: () => waves?.stop(),
  };
}
