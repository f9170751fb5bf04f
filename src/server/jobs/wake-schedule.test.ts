import { describe, expect, it } from 'vitest';
import { parseDueNotice } from './due-notices';
import { WakeSchedule } from './wake-schedule';

describe('the wake-up schedule of idle workers', () => {
  it('keeps the earliest first and says when a new one is the earliest (the timer is set again)', () => {
    const schedule = new WakeSchedule();
    expect(schedule.next()).toBeUndefined();
    expect(schedule.add('wave-step', 5_000)).toBe(true);
    expect(schedule.add('alert-deliver', 9_000)).toBe(false);
    expect(schedule.add('wave-file', 1_000)).toBe(true);
    expect(schedule.next()).toBe(1_000);
    expect(schedule.size).toBe(3);
  });

  it('hands out each queue due by now once, and keeps the rest', () => {
    const schedule = new WakeSchedule();
    schedule.add('wave-step', 1_000);
    schedule.add('alert-deliver', 1_500);
    schedule.add('wave-step', 2_000);
    schedule.add('wave-file', 10_000);
    expect(schedule.takeDue(999)).toEqual([]);
    expect(schedule.takeDue(2_000)).toEqual(['wave-step', 'alert-deliver']);
    expect(schedule.next()).toBe(10_000);
    expect(schedule.takeDue(10_000)).toEqual(['wave-file']);
    expect(schedule.next()).toBeUndefined();
  });

  it('makes one wake-up of a queue’s times closer than the merge window, not of two queues’', () => {
    const schedule = new WakeSchedule(10);
    schedule.add('wave-step', 1_000);
    expect(schedule.add('wave-step', 1_004)).toBe(false);
    expect(schedule.add('wave-step', 996)).toBe(false);
    schedule.add('wave-file', 1_004);
    schedule.add('wave-step', 1_010);
    expect(schedule.size).toBe(3);
  });

  it('keeps at most its bound: the latest are left to the workers’ own poll', () => {
    const schedule = new WakeSchedule(1, 3);
    for (const at of [4_000, 3_000, 2_000]) schedule.add('wave-step', at);
    expect(schedule.add('wave-step', 5_000)).toBe(false);
    expect(schedule.add('wave-file', 1_000)).toBe(true);
    expect(schedule.size).toBe(3);
    expect(schedule.takeDue(10_000)).toEqual(['wave-file', 'wave-step']);
    expect(schedule.next()).toBeUndefined();
  });
});

describe('a due notice', () => {
  it('is the queue and the milliseconds until its job is due', () => {
    expect(parseDueNotice('wave-step 0')).toEqual({ queue: 'wave-step', inMs: 0 });
    expect(parseDueNotice('alert-deliver 4000')).toEqual({ queue: 'alert-deliver', inMs: 4_000 });
    for (const unreadable of ['', 'wave-step', 'wave-step -5', 'wave-step 1e9', 'a b 3'])
      expect(parseDueNotice(unreadable)).toBeUndefined();
  });
});
