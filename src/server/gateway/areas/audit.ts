import { createAuditRoutes } from '@/server/audit/audit-routes';
import { startAuditRetention } from '@/server/audit/audit-retention';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/**
 * The audit log's recording (issue 51): mounted right after the edge, so its middleware records every write any
 * later route answers (the sign-in's refusals too). Started, retention prunes entries older than
 * `AUDIT_RETENTION_DAYS` at once and every 24 h.
 */
export function auditArea({ audit, store, config, secrets }: GatewayServices): Area {
  let retention: ReturnType<typeof startAuditRetention> | undefined;
  return {
    name: 'audit',
    mount(app) {
      app.use('/api/*', audit.middleware);
    },
    async start() {
      // Only a gateway that keeps the store (not one that opens it on first use) prunes.
      if (!store) return;
      retention = startAuditRetention(() => Promise.resolve(store.auditLog), config.auditRetentionDays, {
        secrets: () => secrets.list(),
      });
      await retention.first;
    },
    stop: () => retention?.stop(),
  };
}

/**
 * The audit log's reading: `GET /api/audit`, `/api/audit.csv`, `/api/audit.json` and `/api/audit/verify` (admins
 * only). Mounted after the sign-in (which sets who asks, and refuses those without a session), before the
 * unknown-API answer.
 */
export function auditRoutesArea({ storeAccess }: GatewayServices): Area {
  const log = storeAccess && (async () => (await storeAccess()).auditLog);
  return {
    name: 'audit routes',
    mount(app) {
      app.route('/api', createAuditRoutes(log));
    },
  };
}
