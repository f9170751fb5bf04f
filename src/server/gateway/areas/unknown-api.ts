import { gatewayError } from '@/server/gateway-error';
import type { Area } from '../area';

/** Any other `/api/*` path: a JSON 404, never the SPA's page. */
export const unknownApiArea: Area = {
  name: 'unknown API routes',
  mount(app) {
    app.all('/api/*', (c) => gatewayError(c, 404, 'Unknown API route.', 'NOT_FOUND'));
  },
};
