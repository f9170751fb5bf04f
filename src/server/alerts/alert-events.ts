import { OTHER_RATE_CATEGORY } from '@/contracts/github/rate-categories';
import { RATE_THRESHOLD_MAX, type AlertEvent } from '@/contracts/alerts';
import type { Wave } from '@/contracts/waves';
import type { RateReading } from '../store/rate-history';
import { waveStopReason } from '@/server/waves/wave-machine';
import { ALERT_PAGES, subjectWords, timeWords } from './alert-words';

/**
 * What happened, as alert events (pure). Each has a key that names the happening itself, so emitting it again
 * (another gateway, a restart, the same poll seen twice) makes no second delivery.
 */

/** A watched migration or import reached a state worth telling (the watcher's timeline states). */
export function watchedEvent(
  kind: 'migration' | 'import',
  subject: string,
  state: string,
  body: unknown,
  at: Date,
): AlertEvent | undefined {
  const guid = (body as { guid?: unknown } | null)?.guid;
  const key = `${kind}:${subject}:${state}:${typeof guid === 'string' ? guid : ''}`;
  const { words, path } = subjectWords(subject);
  const base = { key, at: at.toISOString(), data: { subject, state }, path };
  if (kind === 'migration' && state === 'exported')
    return {
      ...base,
      kind: 'export-finished',
      summary: `GitHub finished the ${words}: its archive can be downloaded.`,
    };
  if (kind === 'migration' && state === 'failed')
    return { ...base, kind: 'export-failed', summary: `GitHub could not finish the ${words}.` };
  if (kind === 'import' && state === 'complete')
    return { ...base, kind: 'import-finished', summary: `The ${words} is complete.` };
  if (kind === 'import' && state === 'error')
    return { ...base, kind: 'import-failed', summary: `The ${words} failed.` };
  return undefined;
}

/** A wave write finished or stopped the wave, or isolated a repository. */
export function waveEvents(before: Wave, after: Wave, at: Date): AlertEvent[] {
  const events: AlertEvent[] = [];
  const owner = after.owner.login;
  const ended = after.state === 'completed' || after.state === 'cancelled' || after.state === 'stopped';
  if (after.state !== before.state && ended) {
    const verified = after.batches.filter((batch) => batch.state === 'verified').length;
    // Stopped: GitHub refused the wave's credential; the reason is what the person must act on.
    const refused = waveStopReason(after);
    events.push({
      kind: 'wave-finished',
      key: `wave:${after.id}:${after.state}`,
      summary: refused
        ? `The migration wave of ${owner} stopped: GitHub refused its credential: ${refused}`
        : `The migration wave of ${owner} ${after.state === 'completed' ? 'finished' : `was ${after.state}`}: ${verified} of ${after.batches.length} batches verified, ${after.isolated.length} repositories isolated.`,
      at: at.toISOString(),
      data: { wave: after.id, owner, state: after.state, isolated: after.isolated },
      path: ALERT_PAGES.wave(after.id),
    });
  }
  const wasIsolated = new Set(before.batches.filter((b) => b.state === 'isolated').map((b) => b.id));
  for (const batch of after.batches) {
    if (batch.state !== 'isolated' || wasIsolated.has(batch.id)) continue;
    events.push({
      kind: 'batch-isolated',
      key: `isolated:${after.id}:${batch.id}`,
      summary: `The migration wave of ${owner} isolated ${batch.repos.join(', ')}: its export fails even alone.`,
      at: at.toISOString(),
      data: { wave: after.id, owner, batch: batch.id, repositories: batch.repos },
      path: ALERT_PAGES.wave(after.id),
    });
  }
  return events;
}

/** A reading under the highest threshold a target may set: once per category and window. */
export function rateEvent(reading: RateReading): AlertEvent | undefined {
  if (reading.limit <= 0) return undefined;
  const percent = (reading.remaining / reading.limit) * 100;
  // `other` lumps unknown categories together: its figures are no one category's, so they alert no one.
  if (percent >= RATE_THRESHOLD_MAX || reading.resource === OTHER_RATE_CATEGORY) return undefined;
  const credential = reading.credential ?? 'default';
  // Once per category and hour: an upstream that moves the reset on every answer does not make a new alert each time.
  const hour = new Date(Math.floor(reading.reset.getTime() / 3_600_000) * 3_600_000).toISOString();
  return {
    kind: 'rate-low',
    key: `rate-low:${credential}:${reading.resource}:${hour}`,
    summary:
      reading.remaining <= 0
        ? `GitHub's “${reading.resource}” rate limit for the credential “${credential}” is used up until ${timeWords(reading.reset)}: requests in it wait until then.`
        : `GitHub's “${reading.resource}” rate limit for the credential “${credential}” is down to ${reading.remaining} of ${reading.limit} requests (${percent.toFixed(1)} %) until ${timeWords(reading.reset)}.`,
    path: ALERT_PAGES.rateLimits,
    at: reading.at.toISOString(),
    data: {
      credential,
      resource: reading.resource,
      remaining: reading.remaining,
      limit: reading.limit,
      percent,
      reset: reading.reset.toISOString(),
    },
  };
}
