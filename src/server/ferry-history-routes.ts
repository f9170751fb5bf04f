import { normaliseSubject } from '@/contracts/github/subjects';
import { CREDENTIAL_NAME } from '@/contracts/credentials';
import { isMigrationId, parseSince, type FerryApp } from './ferry-request';
import { gatewayError } from './gateway-error';
import type { RateRecorder } from './rate-recorder';

const SUBJECT = /^[A-Za-z0-9/._-]{1,200}$/;
const BAD_SINCE = 'since must be an ISO time (1970 to 9999).';

const iso = (date: Date) => date.toISOString();

/**
 * What the gateway recorded: the rate-limit samples (`/rate-history`), the timeline of what was done
 * (`/timeline`) and who unlocked which repository of an export (`/unlocks`).
 */
export function registerHistoryRoutes(app: FerryApp, recorder: RateRecorder) {
  app.get('/rate-history', async (c) => {
    const now = recorder.upstreamNow();
    const since = parseSince(c.req.query('since'), 24 * 3_600_000, now);
    const resource = c.req.query('resource');
    if (!since) return gatewayError(c, 400, BAD_SINCE, 'BAD_QUERY');
    if (resource !== undefined && !/^[a-z_]{1,40}$/.test(resource))
      return gatewayError(c, 400, 'Unknown resource name.', 'BAD_QUERY');
    const step = c.req.query('step') === undefined ? undefined : Number(c.req.query('step'));
    if (step !== undefined && (!Number.isInteger(step) || step < 1 || step > 86_400))
      return gatewayError(c, 400, 'step is a whole number of seconds (1 to 86400).', 'BAD_QUERY');
    const credential = c.req.query('credential');
    if (credential !== undefined && !CREDENTIAL_NAME.test(credential))
      return gatewayError(c, 400, 'Unknown credential name.', 'BAD_QUERY');
    const samples = await c.var.store.rateHistory.read(since, resource, step, credential);
    return c.json({
      now: iso(now),
      samples: samples.map(({ at, resource: name, limit, remaining, used, reset, credential: of }) => ({
        credential: of ?? 'default',
        at: iso(at),
        resource: name,
        limit,
        remaining,
        used,
        reset: iso(reset),
      })),
    });
  });

  app.get('/timeline', async (c) => {
    const subject = c.req.query('subject');
    if (subject !== undefined) {
      if (!SUBJECT.test(subject)) return gatewayError(c, 400, 'Malformed subject.', 'BAD_QUERY');
      const events = await c.var.store.timeline.forSubject(normaliseSubject(subject));
      return c.json({ events: events.map((event) => ({ ...event, at: iso(event.at) })) });
    }
    const sinceRaw = c.req.query('since');
    const since = sinceRaw === undefined ? undefined : parseSince(sinceRaw, 0, new Date());
    if (sinceRaw !== undefined && !since) return gatewayError(c, 400, BAD_SINCE, 'BAD_QUERY');
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const events = await c.var.store.timeline.recent({ since, limit });
    return c.json({ events: events.map((event) => ({ ...event, at: iso(event.at) })) });
  });

  app.get('/unlocks', async (c) => {
    const owner = c.req.query('owner') ?? '';
    const migrationParam = c.req.query('migration');
    if (!/^(?:user|org\/[A-Za-z0-9-]{1,39})$/.test(owner) || !isMigrationId(migrationParam))
      return gatewayError(
        c,
        400,
        'owner (user or org/NAME) and migration (an id) are required.',
        'BAD_QUERY',
      );
    const rows = await c.var.store.unlocks.forMigration(owner.toLowerCase(), Number(migrationParam));
    return c.json({
      unlocks: rows.map((row) => ({ repoName: row.repoName, at: iso(row.at), actor: row.actor })),
    });
  });
}
