import { createCredentialRoutes } from '@/server/credentials/credential-routes';
import { publicConfig } from '@/server/public-config';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/** What the browser may know of the connection (`/api/config`) and what GitHub says of each credential. */
export function connectionArea({ config, credentials }: GatewayServices): Area {
  return {
    name: 'connection',
    mount(app) {
      app.get('/api/config', (c) => c.json(publicConfig(config)));
      app.route('/api/credentials', createCredentialRoutes(credentials));
    },
  };
}
