import { createAlertRoutes } from '@/server/alerts/alert-routes';
import { startAlertChecks } from '@/server/alerts/alert-checks';
import { answersWithin } from '@/server/store/store-health';
import { answerUnavailable, type Area } from '../area';
import type { GatewayServices } from '../services';

/** `/api/alerts/*`; started, this gateway's share of deliveries and the scheduled alert checks. */
export function alertsArea(services: GatewayServices): Area {
  const { storeAccess, alerts, store, jobs, credentials, recorder } = services;
  let checks: ReturnType<typeof startAlertChecks> | undefined;
  return {
    name: 'alerts',
    mount(app) {
      if (storeAccess && alerts) app.route('/api/alerts', createAlertRoutes(storeAccess, alerts));
      else answerUnavailable(app, '/api/alerts/*', 'Alerts need Ferry’s store.');
    },
    async start() {
      if (!alerts || !store || !jobs) return;
      checks = startAlertChecks({
        alerts,
        store,
        credentials,
        jobs: jobs.engine,
        now: recorder.upstreamNow,
        storeUp: () => answersWithin(() => Promise.resolve(store), 2_000),
      });
      await alerts.start();
      await checks.scheduled;
    },
    stop: () => checks?.stop(),
  };
}
