import type { Area } from '../area';
import type { GatewayServices } from '../services';

/** `GET /api/health` and the Prometheus figures at `GET /metrics` (behind the same checks as the rest). */
export function observabilityArea({ metrics }: GatewayServices): Area {
  return {
    name: 'metrics',
    mount(app) {
      app.get('/api/health', (c) => c.json({ ok: true }));
      app.get('/metrics', async (c) => {
        c.header('cache-control', 'no-store');
        return c.body(await metrics.registry.metrics(), 200, {
          'content-type': metrics.registry.contentType,
        });
      });
    },
  };
}
