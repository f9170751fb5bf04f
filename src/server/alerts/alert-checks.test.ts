import { describe, expect, it } from 'vitest';
import type { WatchSnapshot } from '../store/watch-snapshots';
import { expiringArchiveEvents, expiringCredentialEvents } from './alert-checks';

const NOW = new Date('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;
const exported = (path: string, updatedAt: Date, state = 'exported'): WatchSnapshot => ({
  path,
  kind: 'migration',
  state,
  etag: null,
  body: { id: 7, state, updated_at: updatedAt.toISOString() },
  seenAt: NOW,
  terminal: true,
});

describe('archives about to be deleted', () => {
  it('tells exports whose archive GitHub deletes within 24 hours, once per archive', () => {
    const soon = new Date(NOW.getTime() - 7 * 24 * HOUR + 5 * HOUR); // deleted in 5 hours
    const later = new Date(NOW.getTime() - 2 * 24 * HOUR); // deleted in 5 days
    const gone = new Date(NOW.getTime() - 8 * 24 * HOUR); // deleted already
    const events = expiringArchiveEvents(
      [
        exported('orgs/o/migrations/7', soon),
        exported('orgs/o/migrations/8', later),
        exported('orgs/o/migrations/9', gone),
        exported('orgs/o/migrations/10', soon, 'failed'),
      ],
      NOW,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'archive-expiring',
      key: `archive-expiring:orgs/o/migrations/7:${new Date(soon.getTime() + 7 * 24 * HOUR).toISOString()}`,
    });
    expect(events[0]!.summary).toMatch(/deletes the archive of the export 7 of the organization o/);
  });

  it('ignores what is not a migration or has no time', () => {
    const list: WatchSnapshot = { ...exported('orgs/o/migrations', NOW), kind: 'list', body: [] };
    const odd: WatchSnapshot = { ...exported('orgs/o/migrations/1', NOW), body: { state: 'exported' } };
    expect(expiringArchiveEvents([list, odd], NOW)).toEqual([]);
  });
});

describe('credentials about to expire', () => {
  it('tells tokens that expire within a week (or did), never an App’s hourly token', () => {
    const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * HOUR).toISOString();
    const events = expiringCredentialEvents(
      [
        { name: 'soon', kind: 'fine-grained', expiresAt: inDays(5) },
        { name: 'later', kind: 'classic', expiresAt: inDays(30) },
        { name: 'past', kind: 'classic', expiresAt: inDays(-1) },
        { name: 'app', kind: 'app', expiresAt: inDays(0.04) },
        { name: 'never', kind: 'classic' },
      ],
      NOW,
    );
    expect(events.map((event) => event.data.credential)).toEqual(['soon', 'past']);
    expect(events[1]!.summary).toMatch(/expired/);
  });

  it('say the expiry as local and UTC time and link the connection page', () => {
    const [event] = expiringCredentialEvents(
      [
        {
          name: 'soon',
          kind: 'fine-grained',
          expiresAt: new Date(NOW.getTime() + 5 * 24 * HOUR).toISOString(),
        },
      ],
      NOW,
    );
    expect(event!.summary).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(event!.summary).toContain('30 Nov 2026');
    expect(event!.path).toBe('/connection');
  });
});

describe('archive expiry in words', () => {
  it('names the export and its organization and links its page', () => {
    const soon = new Date(NOW.getTime() - 7 * 24 * HOUR + 5 * HOUR);
    const [event] = expiringArchiveEvents([exported('orgs/o/migrations/7', soon)], NOW);
    expect(event!.summary).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(event!.summary).toContain('export 7 of the organization o');
    expect(event!.path).toBe('/migrations/orgs/o/7');
  });
});
