import { describe, expect, it } from 'vitest';
import {
  QUEUE_PICKUP_MS,
  durationsFor,
  failureReasonAt,
  MAX_IN_PROGRESS,
  planTimelines,
  statesAt,
  ABORTED_REASON,
} from './queue';
import type { TargetMigration } from './state';

function migration(index: number, overrides: Partial<TargetMigration> = {}): TargetMigration {
  return {
    id: `RM_${index}`,
    databaseId: `uuid-${index}`,
    sourceId: 'MS_1',
    orgLogin: 'octo-target',
    repositoryName: `repo-${index}`,
    sourceUrl: 'https://github.com/octo-org/x',
    continueOnError: true,
    createdAt: 1_000 + index - QUEUE_PICKUP_MS,
    startedBy: 'octocat',
    runMs: 60_000,
    validationMs: 10_000,
    stuck: false,
    importPoints: 1,
    outcome: {
      ok: true,
      mannequins: [],
      warnings: [],
      repo: {} as never,
    },
    ...overrides,
  };
}

describe('the target migration queue (frozen clock)', () => {
  it('runs at most five per organization; the rest stay QUEUED until a slot frees, first come first served', () => {
    const list = Array.from({ length: 7 }, (_, i) => migration(i));
    const at = (now: number) => statesAt(list, now).map((entry) => entry.state);
    expect(at(1_010)).toEqual([...Array<string>(MAX_IN_PROGRESS).fill('IN_PROGRESS'), 'QUEUED', 'QUEUED']);
    // The first ends its run at 61 000: the sixth starts then; the second frees a slot 1 ms later.
    expect(at(61_000)).toEqual([
      'PENDING_VALIDATION',
      ...Array<string>(4).fill('IN_PROGRESS'),
      'IN_PROGRESS',
      'QUEUED',
    ]);
    expect(at(61_001)[6]).toBe('IN_PROGRESS');
    expect(at(71_000)[0]).toBe('SUCCEEDED');
    const timelines = planTimelines(list);
    expect(timelines[5]?.startAt).toBe(61_000);
    expect(timelines[6]?.startAt).toBe(61_001);
  });

  it('an abort frees the slot at once and ends FAILED with a reason', () => {
    const list = Array.from({ length: 6 }, (_, i) => migration(i));
    list[2] = { ...(list[2] as TargetMigration), abortedAt: 30_000 };
    const states = statesAt(list, 30_000);
    expect(states[2]?.state).toBe('FAILED');
    expect(failureReasonAt(list[2], states[2]!.timeline, 'FAILED')).toBe(ABORTED_REASON);
    expect(states[5]?.state).toBe('IN_PROGRESS');
    expect(states[5]?.timeline.startAt).toBe(30_000);
  });

  it('a failed outcome shows only after its run, with its own state and reason', () => {
    const failed = migration(0, { outcome: { ok: false, state: 'FAILED', reason: 'no archive' } });
    const [early] = statesAt([failed], 50_000);
    expect(early?.state).toBe('IN_PROGRESS');
    const [late] = statesAt([failed], 80_000);
    expect(late?.state).toBe('FAILED');
    expect(failureReasonAt(failed, late!.timeline, late!.state)).toBe('no archive');
  });

  it('a new migration answers QUEUED until the queue picks it up', () => {
    const [entry] = statesAt([migration(0)], 1_000 - QUEUE_PICKUP_MS);
    expect(entry?.state).toBe('QUEUED');
  });

  it('a stuck migration never leaves PENDING_VALIDATION', () => {
    const [entry] = statesAt([migration(0, { stuck: true })], 1_000 + 365 * 86_400_000);
    expect(entry?.state).toBe('PENDING_VALIDATION');
  });

  it('durations grow with the archive size, capped at two hours', () => {
    expect(durationsFor(0)).toEqual({ runMs: 20_000, validationMs: 12_000 });
    expect(durationsFor(10 * 65_536).runMs).toBe(30_000);
    expect(durationsFor(1e12).runMs).toBe(7_200_000);
  });
});
