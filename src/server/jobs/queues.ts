/**
 * Ferry's job queues and how each is retried. `short`: one waiting job per key (a second send while one waits
 * is dropped), so "look at this batch again" can be asked any number of times and is done once.
 *
 * Expiry is how a dead gateway's work comes back: a step's expiry is longer than its longest upstream call
 * (`UPSTREAM_TOTAL_MS`, 60 s by default), so when a start expires its request is certainly over.
 */
export const QUEUES = {
  /** Look at a wave: start what may start, hand finished exports to the file queue. Key: the wave. */
  'wave-advance': { policy: 'short', expireInSeconds: 90, retryLimit: 10, retryDelay: 1, retryBackoff: true },
  /** One batch's next GitHub step (start, adopt after a crash, check its export). Key: the batch. */
  'wave-step': { policy: 'short', expireInSeconds: 90, retryLimit: 10, retryDelay: 2, retryBackoff: true },
  /** One batch's archive: a slice of its download, or its verification. Key: the batch. */
  'wave-file': { policy: 'short', expireInSeconds: 90, retryLimit: 20, retryDelay: 5, retryBackoff: true },
  /** Every minute: advance every unfinished wave (work a lost job left behind). */
  'wave-sweep': { policy: 'short', expireInSeconds: 60, retryLimit: 0 },
} as const;

export type QueueName = keyof typeof QUEUES;
