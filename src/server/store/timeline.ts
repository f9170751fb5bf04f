import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from './open-store';
import { timelineEvents } from './schema';

export interface TimelineEvent {
  at: Date;
  kind: 'migration' | 'import';
  subject: string;
  state: string;
  actor: string;
  detail?: Record<string, unknown>;
}

export function createTimeline(db: Db) {
  return {
    async record(event: TimelineEvent): Promise<void> {
      await db.insert(timelineEvents).values({ ...event, detail: event.detail ?? null });
    },

    /** Events of one subject, oldest first. */
    async forSubject(subject: string): Promise<TimelineEvent[]> {
      const rows = await db
        .select()
        .from(timelineEvents)
        .where(eq(timelineEvents.subject, subject))
        .orderBy(asc(timelineEvents.at), asc(timelineEvents.id));
      return rows.map(toEvent);
    },

    /** The newest events of several subjects, or of everything since a time. */
    async recent(options: { since?: Date; subjects?: string[]; limit?: number }): Promise<TimelineEvent[]> {
      const conditions = [
        options.since ? gte(timelineEvents.at, options.since) : undefined,
        options.subjects ? inArray(timelineEvents.subject, options.subjects) : undefined,
      ].filter((condition) => condition !== undefined);
      const rows = await db
        .select()
        .from(timelineEvents)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(timelineEvents.at), desc(timelineEvents.id))
        .limit(options.limit ?? 200);
      return rows.map(toEvent);
    },
  };
}

export type Timeline = ReturnType<typeof createTimeline>;

function toEvent(row: typeof timelineEvents.$inferSelect): TimelineEvent {
  return {
    at: row.at,
    kind: row.kind === 'import' ? 'import' : 'migration',
    subject: row.subject,
    state: row.state,
    actor: row.actor,
    ...(row.detail ? { detail: row.detail } : {}),
  };
}
