import { ALERT_HELD_MAX } from '@/contracts/alerts';

export const eventsText = (n: number) => (n === 1 ? '1 event' : `${n} events`);

/** What a paused target keeps for its Resume, and what it could not keep (pure). */
export function heldText(held: number, dropped: number): string {
  const waiting =
    held === 0
      ? 'Nothing is sent to it until it is resumed; events that come meanwhile wait for it.'
      : `${eventsText(held)} ${held === 1 ? 'waits' : 'wait'} for it: sent when it is resumed, unless you discard ${held === 1 ? 'it' : 'them'} then.`;
  if (dropped === 0) return waiting;
  return `${waiting} ${dropped === 1 ? '1 older event was' : `${dropped} older events were`} dropped: Ferry keeps the latest ${ALERT_HELD_MAX}.`;
}
