import { createWaveRoutes } from '@/server/waves/routes';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/** `/api/waves/*`; started, the unfinished waves resume (this gateway takes its share of their steps). */
export function wavesArea({ waves, archiveDir }: GatewayServices): Area {
  return {
    name: 'waves',
    mount(app) {
      if (waves && archiveDir) app.route('/api/waves', createWaveRoutes(waves, archiveDir));
      else
        app.all('/api/waves/*', (c) =>
          c.json({ message: 'Ferry’s store is not open.', code: 'NO_STORE', source: 'gateway' }, 503),
        );
    },
    start: () => waves?.start(),
    stop: () => waves?.stop(),
  };
}
