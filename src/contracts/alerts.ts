/**
 * Alerts (`/api/alerts/*`): targets people subscribe to events with, and the deliveries made to them. The gateway
 * validates requests (src/server/alerts/alert-routes.ts); the SPA reads answers through alert-answers.ts.
 */
export const ALERT_EVENTS = [
  'export-finished',
  'export-failed',
  'import-finished',
  'import-failed',
  'wave-finished',
  'batch-isolated',
  'move-repository-done',
  'move-repository-failed',
  'move-repository-invalid',
  'move-finished',
  'rate-low',
  'archive-expiring',
  'credential-expiring',
  'store-unhealthy',
] as const;
export type AlertEventKind = (typeof ALERT_EVENTS)[number] | 'test';

export const ALERT_EVENT_LABELS: Record<AlertEventKind, string> = {
  'export-finished': 'A migration export finished',
  'export-failed': 'A migration export failed',
  'import-finished': 'A source import finished',
  'import-failed': 'A source import failed',
  'wave-finished': 'A migration wave finished or was cancelled',
  'batch-isolated': 'A wave isolated a repository that fails on its own',
  'move-repository-done': 'A moved repository was imported and validated',
  'move-repository-failed': 'A moved repository failed',
  'move-repository-invalid': 'A moved repository does not validate (its source stays locked)',
  'move-finished': 'A move finished, stopped or was cancelled',
  'rate-low': 'A rate-limit category fell below the threshold',
  'archive-expiring': 'GitHub deletes an export’s archive within 24 hours',
  'credential-expiring': 'A GitHub credential expires within 7 days',
  'store-unhealthy': 'Ferry’s store stopped answering',
  test: 'A test sent from this page',
};

/** `webhook`: JSON signed with HMAC-SHA256 (as GitHub signs its webhooks); `slack`: an incoming webhook. */
export type AlertTargetKind = 'webhook' | 'slack';

export const RATE_THRESHOLD_DEFAULT = 10;
export const RATE_THRESHOLD_MAX = 50;
/** After this many deliveries in a row fail for good, the target is paused with a notice. */
export const PAUSE_AFTER_FAILURES = 3;

export interface AlertTargetRequest {
  name: string;
  kind: AlertTargetKind;
  url: string;
  /** Webhook only: the HMAC key. Kept by the gateway, never shown again. */
  secret?: string;
  events: AlertEventKind[];
  /** `rate-low`: alert when a category's remaining share falls below this percentage. */
  rateThresholdPercent: number;
}

export interface AlertAttempt {
  at: string;
  /** The receiver's HTTP status; absent when it could not be reached. */
  status?: number;
  error?: string;
}

/**
 * `held`: the event came while its target was paused; Resume sends it or discards it, as the person chooses.
 * `dropped`: it was held, and more than `ALERT_HELD_MAX` newer ones came: never sent. `discarded`: held, and
 * discarded at Resume.
 */
export type AlertDeliveryState = 'pending' | 'delivered' | 'failed' | 'held' | 'dropped' | 'discarded';
export const ALERT_DELIVERY_STATES: readonly AlertDeliveryState[] = [
  'pending',
  'delivered',
  'failed',
  'held',
  'dropped',
  'discarded',
];

/**
 * The wait before each retry of a delivery, in seconds: 8 retries, 8 minutes from the first attempt to the
 * last, then it has failed for good. Ferry schedules them itself (the job engine's own back-off adds up to
 * 100 % random jitter: 8.5–17 minutes for the same 8 retries).
 */
export const ALERT_RETRY_WAITS_S = [2, 4, 8, 16, 30, 60, 120, 240] as const;
export const ALERT_MAX_ATTEMPTS = ALERT_RETRY_WAITS_S.length + 1;
/** Events kept per paused target until it is resumed; past this the oldest are dropped (the page counts them). */
export const ALERT_HELD_MAX = 100;

/** What Resume does with the events held while the target was paused (`POST /api/alerts/:id/resume`). */
export const ALERT_RESUME_CHOICES = ['send', 'discard'] as const;
export type AlertResumeChoice = (typeof ALERT_RESUME_CHOICES)[number];
export interface AlertResumeRequest {
  /** `send` (the default) or `discard` the events held while paused. */
  held?: AlertResumeChoice;
}

/** When the next attempt of a pending delivery is due (undefined: none is, or it has not been tried yet). */
export function nextAttemptAt(
  state: AlertDeliveryState,
  attempts: readonly AlertAttempt[],
): string | undefined {
  const last = attempts.at(-1);
  const wait = ALERT_RETRY_WAITS_S[attempts.length - 1];
  if (state !== 'pending' || !last || wait === undefined) return undefined;
  const at = Date.parse(last.at);
  return Number.isFinite(at) ? new Date(at + wait * 1_000).toISOString() : undefined;
}

export interface AlertDelivery {
  id: string;
  event: AlertEventKind;
  summary: string;
  state: AlertDeliveryState;
  attempts: AlertAttempt[];
  /** Pending after a failed attempt: when the next one is due. */
  nextAttemptAt?: string;
  createdAt: string;
}

export interface AlertTarget {
  id: string;
  name: string;
  kind: AlertTargetKind;
  url: string;
  hasSecret: boolean;
  events: AlertEventKind[];
  rateThresholdPercent: number;
  paused: boolean;
  /** Why it was paused (deliveries kept failing). */
  pausedReason?: string;
  /** Events kept while paused, waiting for Resume (at most ALERT_HELD_MAX). */
  held: number;
  /** While paused: the oldest events dropped to keep the newest ALERT_HELD_MAX (reset by Resume). */
  heldDropped: number;
  createdAt: string;
  /** The newest deliveries first. */
  deliveries: AlertDelivery[];
}

/** The answer to a Resume: the target as it is now, and what became of the events it held. */
export interface AlertResumeAnswer extends AlertTarget {
  sent: number;
  discarded: number;
}

/** What happened, as sent to a target. `key` makes a second emission of the same happening a no-op. */
export interface AlertEvent {
  kind: AlertEventKind;
  key: string;
  summary: string;
  at: string;
  data: Record<string, unknown>;
  /** The Ferry page that shows what happened (`/waves/w-1`): the alert links it under the public address. */
  path?: string;
}
