import { loggableError } from '@/server/log-safe';
import type { AuditLog } from '@/server/store/audit-store';

const DAY_MS = 86_400_000;

/**
 * Retention: entries older than `days` are pruned from the start of the chain when the gateway starts and every
 * 24 hours after (an unref'd timer: it never keeps a process alive). Each gateway of a team prunes; the store
 * serialises them and a second prune finds nothing to do.
 */
export function startAuditRetention(
  log: () => Promise<AuditLog>,
  days: number,
  options: { now?: () => number; logLine?: (line: string) => void; secrets?: () => readonly string[] } = {},
) {
  const { now = Date.now, logLine = console.error, secrets = () => [] } = options;
  const prune = async () => {
    try {
      const { pruned } = await (await log()).prune(new Date(now() - days * DAY_MS));
      if (pruned > 0) console.log(`[audit] ${pruned} entries older than ${days} days pruned`);
      return pruned;
    } catch (error) {
      logLine(`[audit] retention did not prune: ${loggableError(error, secrets())}`);
      return 0;
    }
  };
  const first = prune();
  const timer = setInterval(() => void prune(), DAY_MS);
  timer.unref();
  return {
    /** The prune at start. */
    first,
    prune,
    stop: () => clearInterval(timer),
  };
}
