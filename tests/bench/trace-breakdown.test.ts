import { describe, expect, it } from 'vitest';
import { blockingFromTrace } from '../../scripts/bench/main-thread-blocking';
import { blockingBreakdown, type TraceEvent } from '../../scripts/bench/trace-breakdown';

const main = { pid: 1, tid: 7 };
const task = (ts: number, durMs: number, name = 'RunTask'): TraceEvent => ({
  ...main,
  name,
  ph: 'X',
  ts,
  dur: durMs * 1000,
});
const paint: TraceEvent = { ...main, name: 'firstContentfulPaint', ph: 'R', ts: 100_000 };

describe('blockingFromTrace', () => {
  it('weighs tasks after the first paint as Lighthouse does at 4×, and the whole load besides', () => {
    const events = [
      task(0, 40), // before the paint: 4 × 40 − 50 = 110 in the whole load only
      paint,
      task(200_000, 30), // 4 × 30 − 50 = 70
      task(300_000, 10), // 40 − 50 < 0: not blocking
      { ...task(400_000, 100), tid: 8 }, // another thread: not counted
    ];
    expect(blockingFromTrace(events)).toEqual({ blockingMs: 70, longestMs: 30, wholeMs: 180, busyMs: 40 });
  });

  it('says it cannot tell without a first paint', () => {
    expect(blockingFromTrace([task(0, 40)]).blockingMs).toBeNaN();
  });
});

describe('blockingBreakdown', () => {
  it('sums self time by event inside blocking tasks after the paint, largest first', () => {
    const events = [
      task(0, 50),
      task(0, 50, 'EvaluateScript'), // before the paint: left out
      paint,
      task(200_000, 30),
      task(201_000, 20, 'FunctionCall'),
      task(205_000, 6, 'Layout'), // nested in the call: the call's self time is 14 ms
      task(222_000, 5, 'UpdateLayoutTree'),
      task(300_000, 10), // a short task: not blocking, so not counted
      task(300_000, 9, 'FunctionCall'),
    ];
    expect(blockingBreakdown(events, 12.5)).toEqual([
      { name: 'FunctionCall', ms: 14 },
      { name: 'Layout', ms: 6 },
      { name: 'UpdateLayoutTree', ms: 5 },
    ]);
  });
});
