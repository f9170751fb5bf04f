/**
 * Ferry's job queues and how each is retried. `short`: one waiting job per key (a second send while one waits
 * is dropped), so "look at this batch again" can be asked any number of times and is done once.
 *
 * Expiry is how a dead gateway's work comes back: a step's expiry is longer than its longest upstream call
 * (`stepExpirySeconds`: `UPSTREAM_TOTAL_MS` + 30 s), so when a start expires its request is certainly over.
 * Archive jobs expire after the whole download's bound; a dead downloader is noticed sooner by its file lock.
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
  /** Look at a move (src/server/moves/run): follow its wave, start, poll, validate, unlock. Key: the move. */
  'move-advance': {
    policy: 'short',
    expireInSeconds: 300,
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
  },
  /** One repository's archive to GitHub-owned storage (the job's expiry is the upload's). Key: move and name. */
  'move-upload': {
    policy: 'short',
    expireInSeconds: 21_600,
    retryLimit: 4,
    retryDelay: 10,
    retryBackoff: true,
  },
  /** Every minute: look at every unfinished move (work a lost job left behind). */
  'move-sweep': { policy: 'short', expireInSeconds: 60, retryLimit: 0 },
  /** Every minute: a `/rate_limit` reading for the history (free: GitHub does not count it). */
  'memory-sample': { policy: 'short', expireInSeconds: 60, retryLimit: 0 },
  /**
   * One attempt of an alert delivery. A failed attempt sends the next itself on Ferry's schedule
   * (`ALERT_RETRY_WAITS_S`: 8 retries over 8 minutes); the engine's retries only cover a gateway that died
   * or threw mid-attempt.
   */
  'alert-deliver': {
    policy: 'short',
    expireInSeconds: 60,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: false,
  },
  /** Every ten minutes: archives GitHub deletes within a day, credentials that expire within a week. */
  'alert-checks': { policy: 'short', expireInSeconds: 120, retryLimit: 0 },
  /** Every hour: thin old rate-limit history. */
  'memory-compact': { policy: 'short', expireInSeconds: 600, retryLimit: 2, retryDelay: 60 },
} as const;

export type QueueName = keyof typeof QUEUES;

/** A step's expiry: longer than any one upstream exchange may last (its total bound), with a margin. */
export const stepExpirySeconds = (upstreamTotalMs: number) => Math.ceil(upstreamTotalMs / 1_000) + 30;

/** The queues whose jobs are GitHub steps bounded by `UPSTREAM_TOTAL_MS`. */
export const STEP_QUEUES: readonly QueueName[] = ['wave-advance', 'wave-step'];
