import type { ExecuteSql } from '@/server/store/open-store';

/**
 * Notices of jobs becoming due, so an idle gateway waits for them rather than asking every second (issue 46
 * item 16). A trigger on pg-boss's job table sends `NOTIFY ferry_job_due, '<queue> <ms until due>'` for every
 * row that becomes waiting — a job sent by any gateway, a cron job, a retry after a failure, an expiry or a
 * lease's hand-back — so every gateway's engine hears of it whoever caused it. Notices go out at commit and
 * never to a gateway not listening then: the engine polls every second while it cannot listen.
 */
export const DUE_CHANNEL = 'ferry_job_due';

const FUNCTION = `
  CREATE OR REPLACE FUNCTION pgboss.ferry_job_due() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${DUE_CHANNEL}', NEW.name || ' ' ||
      GREATEST(0, CEIL(EXTRACT(EPOCH FROM NEW.start_after - clock_timestamp()) * 1000))::bigint);
    RETURN NULL;
  END $$`;

// On the partitioned table: PostgreSQL puts it on each queue's partition, those attached later too.
const TRIGGER = `
  CREATE TRIGGER ferry_job_due AFTER INSERT OR UPDATE OF state ON pgboss.job
  FOR EACH ROW WHEN (NEW.state < 'active') EXECUTE FUNCTION pgboss.ferry_job_due()`;

/**
 * Put the trigger in place (with the engine's set-up, one gateway at a time). Created only when missing: a
 * `CREATE TRIGGER` locks the job table, which the team's other gateways are using.
 */
export async function installDueNotices(executeSql: ExecuteSql): Promise<void> {
  await executeSql(FUNCTION);
  const { rows } = await executeSql(
    `SELECT 1 FROM pg_trigger WHERE tgname = 'ferry_job_due' AND tgrelid = 'pgboss.job'::regclass`,
  );
  if (rows.length === 0) await executeSql(TRIGGER);
}

/** A notice's queue and how long until its job is due (by the store's clock), or undefined if unreadable. */
export function parseDueNotice(payload: string): { queue: string; inMs: number } | undefined {
  const match = /^(\S+) (\d{1,12})$/.exec(payload);
  return match ? { queue: match[1]!, inMs: Number(match[2]) } : undefined;
}
