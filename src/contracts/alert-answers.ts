import {
  ALERT_DELIVERY_STATES,
  ALERT_EVENTS,
  type AlertAttempt,
  type AlertDelivery,
  type AlertEventKind,
  type AlertTarget,
} from './alerts';
import { isRecord, ShapeError, type JsonRecord } from './json';

/** The SPA's edge for `/api/alerts/*`: answers are read here, not trusted as the types of alerts.ts. */
const malformed = () => new ShapeError('ferry', 'Ferry’s server sent alert targets it could not read.');
const KINDS: readonly string[] = [...ALERT_EVENTS, 'test'];
const STATES: readonly string[] = ALERT_DELIVERY_STATES;

const str = (record: JsonRecord, key: string): string => {
  const value = record[key];
  if (typeof value !== 'string') throw malformed();
  return value;
};

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

function attempt(value: unknown): AlertAttempt {
  if (!isRecord(value)) throw malformed();
  return {
    at: str(value, 'at'),
    ...(typeof value.status === 'number' ? { status: value.status } : {}),
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
  };
}

function delivery(value: unknown): AlertDelivery {
  if (!isRecord(value) || !KINDS.includes(str(value, 'event')) || !STATES.includes(str(value, 'state')))
    throw malformed();
  if (!Array.isArray(value.attempts)) throw malformed();
  return {
    id: str(value, 'id'),
    event: value.event as AlertEventKind,
    summary: str(value, 'summary'),
    state: value.state as AlertDelivery['state'],
    attempts: value.attempts.map(attempt),
    ...(typeof value.nextAttemptAt === 'string' ? { nextAttemptAt: value.nextAttemptAt } : {}),
    createdAt: str(value, 'createdAt'),
  };
}

export function parseAlertTarget(value: unknown): AlertTarget {
  if (!isRecord(value) || !Array.isArray(value.events) || !Array.isArray(value.deliveries)) throw malformed();
  const kind = str(value, 'kind');
  if (kind !== 'webhook' && kind !== 'slack') throw malformed();
  const events = value.events.filter((event): event is AlertEventKind => KINDS.includes(event as string));
  if (typeof value.rateThresholdPercent !== 'number' || typeof value.paused !== 'boolean') throw malformed();
  return {
    id: str(value, 'id'),
    name: str(value, 'name'),
    kind,
    url: str(value, 'url'),
    hasSecret: value.hasSecret === true,
    events,
    rateThresholdPercent: value.rateThresholdPercent,
    paused: value.paused,
    ...(typeof value.pausedReason === 'string' ? { pausedReason: value.pausedReason } : {}),
    held: count(value.held),
    heldDropped: count(value.heldDropped),
    createdAt: str(value, 'createdAt'),
    deliveries: value.deliveries.map(delivery),
  };
}

export function parseAlertTargets(value: unknown): AlertTarget[] {
  if (!isRecord(value) || !Array.isArray(value.targets)) throw malformed();
  return value.targets.map(parseAlertTarget);
}
