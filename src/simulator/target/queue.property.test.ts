import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IN_PROGRESS, planTimelines, QUEUE_PICKUP_MS } from './queue';
import type { TargetMigration } from './state';

/** The plan, checked against its definition: FIFO starts, never more than five slots held at once, no idle slot. */
describe('planTimelines', () => {
  const entry = fc.record({
    gap: fc.integer({ min: 0, max: 120_000 }),
    runMs: fc.integer({ min: 1, max: 600_000 }),
    abortAfter: fc.option(fc.integer({ min: 0, max: 900_000 }), { nil: undefined }),
  });

  it('holds at most five slots, starts first come first served, and leaves no slot idle while one waits', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        let created = 0;
        const migrations = entries.map((e, i) => {
          created += e.gap;
          return {
            id: `RM_${i}`,
            createdAt: created,
            runMs: e.runMs,
            validationMs: 1,
            stuck: false,
            abortedAt: e.abortAfter === undefined ? undefined : created + e.abortAfter,
          } as TargetMigration;
        });
        const plan = planTimelines(migrations);
        const held = (t: number, upTo: number) =>
          plan.slice(0, upTo).filter((p) => p.startAt <= t && t < p.validatingAt).length;
        let lastStart = -Infinity;
        plan.forEach((p, i) => {
          const m = migrations[i] as TargetMigration;
          if (m.abortedAt !== undefined && p.startAt === m.abortedAt && p.validatingAt === p.startAt) {
            // Aborted before it started: it holds no slot (`held` never counts it).
            return;
          }
          expect(p.startAt).toBeGreaterThanOrEqual(m.createdAt + QUEUE_PICKUP_MS);
          expect(p.startAt).toBeGreaterThanOrEqual(lastStart);
          expect(held(p.startAt, i)).toBeLessThan(MAX_IN_PROGRESS);
          // It waited only while the slots were full (beyond its pickup and its predecessor's start).
          if (p.startAt > Math.max(m.createdAt + QUEUE_PICKUP_MS, lastStart))
            expect(held(p.startAt - 1, i)).toBe(MAX_IN_PROGRESS);
          lastStart = p.startAt;
        });
      }),
      { numRuns: 300 },
    );
  });
});
