/** One event of a Chromium trace (the fields the bench reads). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

/**
 * Where the time of the blocking tasks (over `minTaskMs`) after the first contentful paint goes: each event's
 * self time (its duration less its children's) on the main thread, summed by event name (`FunctionCall`,
 * `EvaluateScript`, `UpdateLayoutTree`, `Layout`, `MajorGC`…), largest first. What a trace would show,
 * printed, so a missed blocking goal says what to cut.
 */
export function blockingBreakdown(
  events: readonly TraceEvent[],
  minTaskMs: number,
): { name: string; ms: number }[] {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return [];
  const onThread = events
    .filter((e) => e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= paint.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  let stack: { event: TraceEvent; end: number; childUs: number }[] = [];
  let inBlockingTask = false;
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (!done) break;
      if (inBlockingTask && done.event.name !== 'RunTask') {
        const us = (done.event.dur ?? 0) - done.childUs;
        self.set(done.event.name, (self.get(done.event.name) ?? 0) + us);
      }
      const parent = stack.at(-1);
      if (parent) parent.childUs += done.event.dur ?? 0;
    }
  };
  for (const event of onThread) {
    close(event.ts);
    if (stack.length === 0) {
      if (event.name !== 'RunTask') continue;
      inBlockingTask = (event.dur ?? 0) / 1000 > minTaskMs;
      stack = [];
    }
    stack.push({ event, end: event.ts + (event.dur ?? 0), childUs: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return [...self.entries()]
    .map(([name, us]) => ({ name, ms: us / 1000 }))
    .filter((entry) => entry.ms >= 0.5)
    .sort((a, b) => b.ms - a.ms);
}
