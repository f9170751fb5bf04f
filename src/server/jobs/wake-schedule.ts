/**
 * When idle workers are to be woken for a job that is not due yet (sent with a delay here, or announced by the
 * store's notice): one timer for the engine, at the earliest time kept. Pure: no timers, the caller's clock.
 *
 * Times of one queue closer than `mergeMs` are one wake-up (a worker that wakes takes every job then due). At
 * most `max` are kept; past that the latest are left to the workers' own slow poll.
 */
export class WakeSchedule {
  /** Earliest first. */
  private readonly due: { queue: string; at: number }[] = [];

  constructor(
    private readonly mergeMs = 10,
    private readonly max = 1_000,
  ) {}

  /** Wake `queue` at `at`; true when that is now the earliest wake-up (the timer is to be set again). */
  add(queue: string, at: number): boolean {
    if (this.due.some((entry) => entry.queue === queue && Math.abs(entry.at - at) < this.mergeMs))
      return false;
    let index = this.due.findIndex((entry) => entry.at > at);
    if (index === -1) index = this.due.length;
    if (index >= this.max) return false;
    this.due.splice(index, 0, { queue, at });
    if (this.due.length > this.max) this.due.pop();
    return index === 0;
  }

  /** The queues due by `now`, each once, taken off the schedule. */
  takeDue(now: number): string[] {
    let count = 0;
    while (count < this.due.length && this.due[count]!.at <= now) count++;
    return [...new Set(this.due.splice(0, count).map((entry) => entry.queue))];
  }

  /** When the next wake-up is due; undefined when none is kept. */
  next(): number | undefined {
    return this.due[0]?.at;
  }

  get size(): number {
    return this.due.length;
  }
}
