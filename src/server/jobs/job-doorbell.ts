import type { Listen } from '@/server/store/store-listen';
import { DUE_CHANNEL, parseDueNotice } from './due-notices';
import { WakeSchedule } from './wake-schedule';

/**
 * What wakes this gateway's idle workers: a job sent here (at once, or when its delay is over), a notice from
 * the store that a job of their queue is due (any gateway's, a cron job's, a retry's), and — only while the
 * notices cannot be heard — a poll every `pollMs`. Idle workers otherwise sleep for their own long poll.
 */
export interface DoorbellOptions {
  /** Wake the idle workers of `queue` (pg-boss `notifyWorker`). */
  notify(queue: string): void;
  /** The queues this gateway has workers for. */
  queues(): Iterable<string>;
  listen?: Listen;
  pollMs: number;
  log: (line: string) => void;
}

/** pg-boss takes a job once `start_after < now()` by the store's clock, at whole milliseconds: a few more. */
const DUE_MARGIN_MS = 5;

export function createDoorbell(options: DoorbellOptions) {
  const schedule = new WakeSchedule();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: ReturnType<typeof setInterval> | undefined;
  let listening: { stop(): Promise<void> } | undefined;
  let stopped = false;

  const wakeAll = () => {
    for (const queue of options.queues()) options.notify(queue);
  };

  const arm = () => {
    clearTimeout(timer);
    const next = schedule.next();
    if (next === undefined || stopped) return;
    timer = setTimeout(
      () => {
        for (const queue of schedule.takeDue(Date.now())) options.notify(queue);
        arm();
      },
      Math.max(0, next - Date.now()),
    );
    timer.unref();
  };

  const ring = (queue: string, afterMs: number) => {
    if (stopped) return;
    if (afterMs <= 0) return options.notify(queue);
    if (schedule.add(queue, Date.now() + afterMs + DUE_MARGIN_MS)) arm();
  };

  const poll = (on: boolean) => {
    clearInterval(polling);
    polling = undefined;
    if (!on || stopped) return;
    polling = setInterval(wakeAll, options.pollMs);
    polling.unref();
  };

  return {
    ring,

    /** Listen for the store's notices; until they are heard (and whenever they are not), poll. */
    async start(): Promise<void> {
      if (!options.listen) return;
      poll(true);
      try {
        const opened = await options.listen(DUE_CHANNEL, {
          notice(payload) {
            const due = parseDueNotice(payload);
            if (due) ring(due.queue, due.inMs);
          },
          heard(up) {
            poll(!up);
            // Notices sent while none was heard are lost: whatever they announced is looked for now.
            if (up) wakeAll();
            else options.log('the store’s job notices are not heard; idle workers poll until they are');
          },
        });
        if (stopped) await opened.stop();
        else listening = opened;
      } catch (error) {
        options.log(
          `cannot listen for job notices (${error instanceof Error ? error.message : String(error)}); idle workers poll`,
        );
      }
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      poll(false);
      await listening?.stop();
    },
  };
}
