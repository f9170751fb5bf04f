/**
 * What to tell the person when things they follow change: an export or import reaching its end, an archive
 * about to be deleted. Pure; the hook in src/hooks/use-state-notifications.ts shows the notices.
 */
export interface FollowedThing {
  /** Stable across refreshes, e.g. `org/octo-org/migration/42`. Also the notification's tag. */
  key: string;
  /** "Export 42 of octo-org". */
  label: string;
  state: string;
  terminal: boolean;
  /** When its archive is deleted (epoch ms, browser clock), if it has one. */
  expiresAt?: number;
}

export interface Notice {
  tag: string;
  title: string;
  body: string;
}

/** An archive deleted within this long gets one warning. */
export const EXPIRY_WARNING_MS = 60 * 60_000;

/**
 * Notices for one new look at the followed things. A thing first seen already finished is not news (no
 * flood on opening the page); one seen running and now finished is. Each archive is warned about once.
 */
export function noticesFor(
  previousStates: ReadonlyMap<string, string>,
  things: readonly FollowedThing[],
  now: number,
  alreadyWarned: ReadonlySet<string>,
  formatTime: (epochMs: number) => string,
): { notices: Notice[]; warned: string[] } {
  const notices: Notice[] = [];
  const warned: string[] = [];
  for (const thing of things) {
    const before = previousStates.get(thing.key);
    if (thing.terminal && before !== undefined && before !== thing.state) {
      notices.push({
        tag: `${thing.key}#${thing.state}`,
        title: `${thing.label}: ${thing.state}`,
        body: 'Open Ferry for the details.',
      });
    }
    const { expiresAt } = thing;
    if (expiresAt === undefined) continue;
    const left = expiresAt - now;
    if (left > 0 && left <= EXPIRY_WARNING_MS && !alreadyWarned.has(thing.key)) {
      warned.push(thing.key);
      notices.push({
        tag: `${thing.key}#expires`,
        title: `${thing.label}: archive deleted soon`,
        body: `GitHub deletes the archive at ${formatTime(expiresAt)}. Download it before then.`,
      });
    }
  }
  return { notices, warned };
}
