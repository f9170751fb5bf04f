import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { createStateRecording } from './state-recording';
import { newEntry, type WatchEntry } from './watch-entry';
import { observedState, type WatchTarget } from './watch-targets';
import { createWriteQueue } from './write-queue';

let store: FerryStore;
let resetStore: () => Promise<void>;
beforeAll(async () => {
  ({ store, reset: resetStore } = await openTestStore());
}, 60_000);
beforeEach(() => resetStore());
afterAll(() => store.close());

const SUBJECT = 'org:octo-org/migration/7';
const exportTarget: WatchTarget = { key: 'orgs/octo-org/migrations/7', kind: 'migration', subject: SUBJECT };

/** One gateway's recording, with every `onState` call it makes. */
function gateway() {
  const writes = createWriteQueue((message) => {
    throw new Error(message);
  });
  const states: string[] = [];
  const recording = createStateRecording({
    snapshots: store.watchSnapshots,
    timeline: store.timeline,
    upstreamNow: () => new Date(),
    onState: (kind, subject, state) => states.push(`${kind} ${subject} ${state}`),
    writes,
  });
  return { recording, writes, states };
}

/** The export as a poll just saw it. */
function seen(state: string, target = exportTarget): WatchEntry {
  const entry = newEntry(target, Date.now());
  entry.body = { id: 7, guid: 'guid-7', state };
  entry.observed = observedState(target.kind, entry.body);
  entry.seenAt = Date.now();
  return entry;
}

const recorded = async () =>
  (await store.timeline.forSubject(SUBJECT)).map((event) => `${event.state} by ${event.actor}`);

describe('the state recording', () => {
  it('records a change of state once: an unchanged state is not recorded again', async () => {
    const { recording, writes, states } = gateway();
    recording.recordState(seen('pending'), 'octocat');
    recording.recordState(seen('pending'), 'watcher');
    recording.recordState(seen('exporting'), 'watcher');
    recording.recordState(seen('exporting'), 'watcher');
    recording.recordState(seen('exported'), 'watcher');
    await writes.idle();
    expect(await recorded()).toEqual(['pending by octocat', 'exporting by watcher', 'exported by watcher']);
    expect(states).toEqual([
      `migration ${SUBJECT} pending`,
      `migration ${SUBJECT} exporting`,
      `migration ${SUBJECT} exported`,
    ]);
    const [event] = await store.timeline.forSubject(SUBJECT);
    expect(event?.detail).toEqual({ guid: 'guid-7' });
  });

  it('does not record again a state the timeline already ends with (another gateway recorded it)', async () => {
    const first = gateway();
    first.recording.recordState(seen('exporting'), 'watcher');
    await first.writes.idle();
    const second = gateway();
    second.recording.recordState(seen('exporting'), 'watcher');
    await second.writes.idle();
    expect(await recorded()).toEqual(['exporting by watcher']);
    expect(second.states).toEqual([]);
  });

  it('reads the timeline again once told to (its lease passed to this gateway), so a takeover records nothing twice', async () => {
    const a = gateway();
    const b = gateway();
    a.recording.recordState(seen('exporting'), 'watcher');
    await a.writes.idle();
    b.recording.recordState(seen('exporting'), 'watcher');
    await b.writes.idle();
    // `a` polls on and records the end; `b` (which last knew "exporting") then takes the lease over.
    a.recording.recordState(seen('exported'), 'watcher');
    await a.writes.idle();
    b.recording.reread(SUBJECT);
    b.recording.recordState(seen('exported'), 'watcher');
    await b.writes.idle();
    expect(await recorded()).toEqual(['exporting by watcher', 'exported by watcher']);
    expect(b.states).toEqual([]);
  });

  it('forgets every state it knew when cleared (the simulator was reset: ids start again)', async () => {
    const { recording, writes, states } = gateway();
    recording.recordState(seen('exported'), 'watcher');
    await writes.idle();
    await resetStore();
    recording.clear();
    recording.recordState(seen('exported'), 'watcher');
    await writes.idle();
    expect(await recorded()).toEqual(['exported by watcher']);
    expect(states).toHaveLength(2);
  });

  it('records nothing for a list, which has no subject', async () => {
    const { recording, writes, states } = gateway();
    recording.recordState(seen('unknown', { key: 'orgs/octo-org/migrations', kind: 'list' }), 'watcher');
    await writes.idle();
    expect(await store.timeline.recent({})).toEqual([]);
    expect(states).toEqual([]);
  });

  it('writes a snapshot the team answers from, and removes it', async () => {
    const { recording, writes } = gateway();
    recording.save(seen('exporting'));
    await writes.idle();
    expect(await store.watchSnapshots.get(exportTarget.key)).toMatchObject({
      state: 'exporting',
      terminal: false,
    });
    recording.save(seen('exported'));
    await writes.idle();
    expect(await store.watchSnapshots.get(exportTarget.key)).toMatchObject({
      state: 'exported',
      terminal: true,
    });
    recording.remove(exportTarget.key);
    await writes.idle();
    expect(await store.watchSnapshots.get(exportTarget.key)).toBeUndefined();
  });
});
