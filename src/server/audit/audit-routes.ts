import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type AuditEntry,
  type AuditPage,
} from '@/contracts/audit';
import { NEEDS_ROLE } from '@/contracts/session';
import { gatewayError } from '@/server/gateway-error';
import type { AuditLog, AuditQuery } from '@/server/store/audit-store';
import { requestActor } from './actor';
import { auditCsv } from './audit-csv';
import { parseAuditQuery } from './audit-query';

/**
 * `GET /api/audit` (a page, newest first, `next` the cursor), `GET /api/audit.csv` and `/api/audit.json` (a
 * download of up to 10,000 entries with the same filters) and `GET /api/audit/verify` (the chain checked). For
 * admins: a signed-in person of another role is refused (403); without a sign-in (`local`) anyone who reaches
 * the gateway reads it, as every other page.
 */
export const AUDIT_ROUTES = ['/api/audit', '/api/audit.csv', '/api/audit.json', '/api/audit/verify'] as const;

/** Only admins (or `local`, no sign-in configured) read the audit log. */
export const adminsOnly: MiddlewareHandler = async (c, next) => {
  const actor = requestActor(c);
  if (actor && actor.role !== 'admin' && actor.role !== 'local')
    return c.json({ message: NEEDS_ROLE.admin, code: 'FORBIDDEN', source: 'gateway' }, 403);
  await next();
};

const noStore = (c: Context) =>
  c.json({ message: 'The audit log needs Ferry’s store.', code: 'NO_STORE', source: 'gateway' }, 503);

/** The entries the query asks for and one more, to know whether an older page exists. */
async function pageOf(log: AuditLog, query: AuditQuery): Promise<AuditPage & { entries: AuditEntry[] }> {
  const rows = await log.list({ ...query, limit: query.limit + 1 });
  const entries = rows.slice(0, query.limit);
  return { entries, next: rows.length > query.limit ? (entries.at(-1)?.seq ?? null) : null };
}

const fileName = (extension: string) => `ferry-audit-${new Date().toISOString().slice(0, 10)}.${extension}`;

export function createAuditRoutes(log: (() => Promise<AuditLog>) | undefined): Hono {
  const app = new Hono();
  // On each route, never `use('*')`: mounted under /api, that would stand before every other route too.
  const queried = (c: Context, limits: { max: number; default: number }) =>
    parseAuditQuery(new URL(c.req.url).searchParams, limits);

  app.get('/audit', adminsOnly, async (c) => {
    if (!log) return noStore(c);
    const read = queried(c, { max: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT });
    if (!read.ok) return gatewayError(c, 422, read.message, 'INVALID');
    return c.json(await pageOf(await log(), read.query));
  });

  const download = (extension: 'csv' | 'json') => async (c: Context) => {
    if (!log) return noStore(c);
    const read = queried(c, { max: AUDIT_EXPORT_MAX, default: AUDIT_EXPORT_MAX });
    if (!read.ok) return gatewayError(c, 422, read.message, 'INVALID');
    const { entries, next } = await pageOf(await log(), read.query);
    const headers: Record<string, string> = {
      'content-disposition': `attachment; filename="${fileName(extension)}"`,
      // More entries match than one download holds: the next one asks for `before` this.
      ...(next === null ? {} : { 'x-ferry-audit-next': String(next) }),
    };
    if (extension === 'json') return c.json(entries, 200, headers);
    return c.body(auditCsv(entries), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
  };
  app.get('/audit.csv', adminsOnly, download('csv'));
  app.get('/audit.json', adminsOnly, download('json'));

  app.get('/audit/verify', adminsOnly, async (c) => {
    if (!log) return noStore(c);
    if (new URL(c.req.url).search !== '')
      return gatewayError(c, 422, 'The check takes no parameters.', 'INVALID');
    return c.json(await (await log()).verify());
  });
  return app;
}
